# Nesting three levels deep with one quote kind, and mixed text at each level.
x = 7
print(f"{f"{f"{x}"}"}")
print(f"<{f"[{f"({x})"}]"}>")
print(f'{f'{f'{x + 1}'}'}')
print(f"{f"{f"{x}" + "!"}" * 2}")
