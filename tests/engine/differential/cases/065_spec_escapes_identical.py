# A spec written with escapes, valid before 3.12 (must come back unchanged).
x = 42
print(f'{x:\x3e10}|')
print(f"{x:\x3c6}|")
print(f"{x:{'>'}10}|")
