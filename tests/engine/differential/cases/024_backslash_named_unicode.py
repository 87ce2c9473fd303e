# \N{...} named escapes inside expression parts.
print(f"{"\N{BULLET}"} item")
print(f"{"\N{EM DASH}".join(["a", "b"])}")
print(f'{'\N{GREEK SMALL LETTER ALPHA}' * 3}')
print(f"{len("\N{SNOWMAN}")} {ord("\N{SNOWMAN}")}")
print(f"{"\N{bullet}" == "\u2022"}")
