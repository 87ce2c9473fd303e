# A comment directly after the opening brace of a field.
x = 5
print(f"{ # leading comment
x}")
print(f"""{# leading
x + 1}""")
