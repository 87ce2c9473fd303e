# Debug expressions reusing quotes, with specs that contain fields.
d = {"w": 8, "x": 3.5}
print(f"{d["x"]=:>{d["w"]}}|")
print(f"{d["x"] = :{"<"}{d["w"]}}|")
