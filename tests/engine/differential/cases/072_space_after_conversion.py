# Whitespace after a conversion character, which 3.12 accepts.
x = "sp"
print(f'{x!s }|')
print(f'{x!r :>6}|')
print(f"{x!a }|{x!r  }")
