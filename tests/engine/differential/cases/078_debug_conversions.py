# Debug expressions with !s, !r, !a conversions.
s = "é"
print(f"{s=!s}")
print(f"{s=!r}")
print(f"{s=!a}")
print(f"{s = !a}")
d = {"k": s}
print(f"{d["k"]=!a}")
