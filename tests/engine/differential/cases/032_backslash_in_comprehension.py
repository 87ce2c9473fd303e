# Escapes inside comprehensions and generator expressions within fields.
rows = [["a", "b"], ["c", "d"]]
print(f"{"\n".join(",".join(r) for r in rows)}")
print(f"{[s.replace("\t", " ") for s in ["a\tb", "c"]]}")
print(f'{ {k: "\n" in v for k, v in {"x": "1\n", "y": "2"}.items()} }')
