# A module mixing old-valid f-strings with one 3.12-only f-string.
x = 1
print(f"{'#'}{x:{2}}{x = }")
d = {"k": 2}
print(f"{d["k"]}")
print(f'{{x}}' rf'\{x}')
