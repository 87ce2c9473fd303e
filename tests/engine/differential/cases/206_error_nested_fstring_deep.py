# An exception raised three f-strings deep, on a later line.
d = {"a": {"b": 1}}
print(f"{f"{f"{d["a"]["b"]}"}"}")
print(
    f"{f"{f"{d["a"]["c"]}"}"}"
)
