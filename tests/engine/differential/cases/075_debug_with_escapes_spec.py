# Debug expressions with escapes plus a conversion or a spec.
s = "a\tb"
print(f"{s.split("\t")=}")
print(f"{"\\"=!s}")
print(f"{"ab\n"=:>6}|")
print(f"{"x\ty"=!r:>12}|")
