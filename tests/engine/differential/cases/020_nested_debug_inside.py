# Debug expressions inside nested f-strings with quote reuse.
x = 10
d = {"a": 1}
print(f"{f"{x=}"}")
print(f"{f"{d["a"]=}"}")
print(f"<{f"{x = }"}>")
print(f"{f"{f"{x=!s}"}"}")
