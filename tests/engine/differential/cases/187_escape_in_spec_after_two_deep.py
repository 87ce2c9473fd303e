# Escapes in spec text after a two-deep spec field, in nested f-strings too.
x, y, z = "ab", "*", ""
print(repr(f"{f"{x:{y:{z}}\x3c6}"}"))
print(repr(f"{x:{y:{z}}\x3c6}"))
print(repr(f"{x:{y:{z}\x3c1}\x3c6}"))
print(repr(f"{f"{x:{y:{z}\x3c1}\x3c6}"}"))
