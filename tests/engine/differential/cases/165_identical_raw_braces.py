# Valid before 3.12: raw f-string with backslash before a field (must come back unchanged).
x = 1
print(rf'\{x}')
print(rf"\d{x}\w")
