# An exception raised while evaluating a format-spec field.
x = 3
w = {"w": 5}
print(f"{x:{w["w"]}}")
print(f"{x:{w["missing"]}}")
