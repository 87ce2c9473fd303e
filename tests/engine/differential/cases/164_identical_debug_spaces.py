# Valid before 3.12: debug expressions with spaces (must come back unchanged).
x = 1
print(f'{x = }')
print(f'{x=!r:>5}|')
print(f"{x=:>{3}}|")
