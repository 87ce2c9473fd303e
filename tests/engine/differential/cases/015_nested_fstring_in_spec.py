# Nested f-strings inside format specs.
x = 3.14159
w = 10
print(f"{x:{f"{w}"}}")
print(f"{x:{f"{w}"}.{f"{2}"}f}")
print(f"[{x:{f"{f"{w}"}"}.3}]")
print(f"{"s":{f"{"*"}"}^{w}}")
