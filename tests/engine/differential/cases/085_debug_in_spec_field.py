# Debug expressions inside format-spec fields.
x = 5
w = 6
print(f"{x:>{w}}|")
print(f"{x:{"0"}>{w:{"d"}}}|")
print(f"{"ab":{"*"}^{w}}|")
