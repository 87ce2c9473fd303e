# Realistic: printing a matrix with aligned columns and a caption.
M = [[1, -2.5, 3], [40, 5, -6.125], [7, 8000, 9]]
w = max(len(f"{x:g}") for r in M for x in r)
caption = f"{len(M)}\N{MULTIPLICATION SIGN}{len(M[0])} matrix"
print(f"{caption:^{(w + 1) * len(M[0]) + 3}}")
for i, r in enumerate(M):
    left, right = ("⎡", "⎤") if i == 0 else ("⎣", "⎦") if i == len(M) - 1 else ("⎢", "⎥")
    print(f"{left} {" ".join(f"{x:>{w}g}" for x in r)} {right}")
print(f"{"trace"}={sum(M[i][i] for i in range(3)):{"+"}.3f}")
