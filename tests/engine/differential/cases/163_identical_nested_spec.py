# Valid before 3.12: one level of nested spec (must come back unchanged).
x, y = 3.14159, 10
print(f'{x:{y}}|')
print(f'{x:{y}.{2}f}|')
