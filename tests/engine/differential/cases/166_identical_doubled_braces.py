# Valid before 3.12: doubled braces (must come back unchanged).
x = 1
print(f'{{x}}')
print(f"{{{x}}}")
print(f"{{}}{x}{{")
