# CRLF line endings in debug expressions that span lines.
x = 5
d = {"k": 1}
print(repr(f"""{x
=}"""))
print(repr(f"{d["k"]
= }"))
print(repr(f"{d["k"] # c
=}"))
