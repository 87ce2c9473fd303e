# A multi-line escaped string concatenated with an f-string inside a field.
x = 1
print(f"""{"""a\tb
c""" f"{x}"}""")
print(f"""{f"{x}" """d\te
f"""}""")
