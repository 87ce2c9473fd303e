# Raw f-strings nested in fields, with backslashes and braces.
n = 3
print(f"{rf"\d{n}"}")
print(f"{rf"\d{{{n}}}"}")
print(rf"{rf"\w{n}"}\s")
print(f"{fr"\t{n}\n"!r}")
