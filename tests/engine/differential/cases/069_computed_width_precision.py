# Width and precision computed by expressions in spec fields.
vals = [3.14159, 2.71828, 1.41421]
width = max(len(f"{v}") for v in vals)
for v in vals:
    print(f"[{v:>{width + 2}.{len(vals)}f}]")
print(f"{vals[0]:{"<"}{width}.{int("2")}}|")
