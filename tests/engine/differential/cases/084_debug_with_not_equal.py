# Debug expressions containing != and == operators.
a, b = 1, 2
print(f"{a!=b=}")
print(f"{a == b = }")
d = {"x": 1}
print(f"{d["x"]!=2=}")
