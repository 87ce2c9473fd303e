# A module with a UTF-8 BOM and f-strings needing lowering.
d = {"k": "é"}
print(f"{d["k"]}")
print(f"{"\N{BULLET}".join(["a", "b"])}")
