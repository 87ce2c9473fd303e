# An f-string needing lowering as an assert message (the assert fails).
d = {"k": 1}
assert d["k"] == 1, f"{d["k"]} should be 1"
print(f"{"passed"}")
assert d["k"] == 2, f"expected 2, got {d["k"]!r}\n{"tab\t"}"
