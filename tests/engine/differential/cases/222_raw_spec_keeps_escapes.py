# A raw f-string's format spec keeps its backslashes: '\x3e5' is no valid spec.
d = {"k": 10}
x = 10
print(rf"{x:\x3e5}" if False else "not evaluated")
try:
    print(rf'{x:\x3e5}')
except ValueError:
    print("ValueError")  # its wording differs between versions
try:
    print(rf"{d["k"]:\x3e5}")
except ValueError:
    print("ValueError")  # its wording differs between versions
print(rf"{d["k"]:>5}|{x:\\}" if False else f"{d["k"]:\x3e5}")
