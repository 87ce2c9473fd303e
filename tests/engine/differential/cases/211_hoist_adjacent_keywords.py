# Escaped strings written flush against keywords (no spaces) inside fields.
flag = True
s = "a\nb"
print(repr(f"{"\n"if flag else""}"))
print(f"{"\n"in s}")
print(f"{not"\n"}", f"{s.count("\n")if"\n"in s else 0}")
