# String expressions inside format-spec fields.
x = "mid"
w = 11
print(f"{x:{"*"}^{w}}")
print(f'{x:{'-'}>{w}}')
print(f"{x:{"#" if w > 5 else "."}<{w}}")
print(f"{3.5:{"0"}>{"8"}.{"2"}f}")
