# Nested f-strings with conversions applied to each level.
x = "q"
print(f"{f"{x!r}"!r}")
print(f"{f"{f"{x!r}"!r}"!r}")
print(f'{f'{x!a}'!s}')
print(f"{f"{"é"!a}"}")
