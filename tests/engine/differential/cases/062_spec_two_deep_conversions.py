# Two-deep format specs combined with conversions.
x = "ab"
y = 8
z = ""
print(f"{x!r:{y:{z}}}|")
print(f"{x!s:>{y!r:{z}}}|")
print(f"{x:{y!s:{z}}}|")
