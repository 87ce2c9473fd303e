# Specs made of several fields and literal text.
x = 3.14159
fill, align, width, prec = "_", "^", 12, 3
print(f"{x:{fill}{align}{width}.{prec}f}")
print(f"{x:{fill}{align}{width}.{prec}{"e"}}")
print(f"{1234567:{","}}")
