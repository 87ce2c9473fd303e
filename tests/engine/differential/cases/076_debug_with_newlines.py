# Debug expressions that span lines.
x = 3
print(f"""{x
=}""")
print(f"""{x +
1 = }""")
print(f"""{
x=}""")
print(f"{x
= }")
