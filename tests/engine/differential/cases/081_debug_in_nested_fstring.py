# Debug expressions in nested f-strings needing lowering.
d = {"k": "v"}
print(f"{f"{d["k"]=}"}")
print(f"{f"{d["k"] = !s}"}|")
print(f"[{", ".join(f"{k=}" for k in d)}]")
