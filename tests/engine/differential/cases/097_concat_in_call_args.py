# Concatenated f-strings as call arguments and in return values.
def wrap(s):
    return "<" + s + ">"
v = {"a": [1, 2]}
print(wrap(f"{v["a"][0]}" "-" f"{v["a"][1]}"))
print(wrap(f"{", ".join(map(str, v["a"]))}" f"{"!"}"))
