# Assignment expressions inside format-spec fields.
x = 3.5
print(f"{x:{(w := 8)}}|{w}")
print(f"{x:{(p := "0")}>{(w := w + 2)}}|{p}{w}")
print(f"{f"{x:{(q := 5)}.{1}f}"}|{q}")
