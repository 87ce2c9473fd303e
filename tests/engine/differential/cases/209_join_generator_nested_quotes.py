# Generator expressions of nested f-strings joined, quotes reused three deep.
rows = [{"name": "a", "tags": ["x", "y"]}, {"name": "b", "tags": []}]
print(f"{"; ".join(f"{r["name"]}: {", ".join(f"{t!r}" for t in r["tags"]) or "-"}" for r in rows)}")
