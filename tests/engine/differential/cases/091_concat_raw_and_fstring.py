# Raw strings concatenated with f-strings (and raw f-strings).
d = {"k": "v"}
print(r"\n" f"{d["k"]}" r'\t')
print(rf"\d{d["k"]}" r"\w" f"\t|{d["k"]}")
print(repr(r"a\b" f"{"\n"}" R"\c"))
