# Triple-quoted and single-quoted f-strings concatenated, with line breaks in fields.
x = 1
print(f"""{x
+ 1}""" f"{x # c
}" '|')
