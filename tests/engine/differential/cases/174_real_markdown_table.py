# Realistic: rendering a markdown table with computed column widths.
rows = [
    {"name": "alpha", "score": 91.5, "tags": ["x", "y"]},
    {"name": "beta", "score": 78.25, "tags": []},
    {"name": "gamma-ray", "score": 100.0, "tags": ["z"]},
]
cols = ["name", "score", "tags"]
cell = {
    "name": lambda r: f"`{r["name"]}`",
    "score": lambda r: f"{r["score"]:.1f}",
    "tags": lambda r: f"{", ".join(r["tags"]) or "—"}",
}
w = {c: max(len(c), *(len(cell[c](r)) for r in rows)) for c in cols}
print(f"| {" | ".join(f"{c:^{w[c]}}" for c in cols)} |")
print(f"|{"|".join(f"{"-" * (w[c] + 2)}" for c in cols)}|")
for r in rows:
    print(f"| {" | ".join(f"{cell[c](r):{"<" if c != "score" else ">"}{w[c]}}" for c in cols)} |")
