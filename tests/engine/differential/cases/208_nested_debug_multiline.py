# Debug expressions spanning lines inside nested f-strings.
x = 2
print(f"""{f"{x
=}"}""")
print(repr(f"{f"""{x # c
= }"""}"))
