# Debug expressions with \N{...} and unicode escapes in their text.
print(f"{"\N{BULLET}"=}")
print(f"{"\u00e9" = }")
print(f"{len("\N{SNOWMAN}")=}")
