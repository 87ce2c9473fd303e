# Dict and set comprehensions inside fields with nested f-strings.
d = {"a": 1, "b": 2}
print(f"{ {k: f"{v}" for k, v in d.items()} }")
print(f"{sorted({f"{v * 2}" for v in d.values()})}")
print(f"{ {f"{k}\n": v for k, v in d.items()} }")
