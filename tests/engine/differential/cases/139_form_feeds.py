# Form feeds as whitespace in source and inside fields.

d = {"k": "v"}
print(f"{d["k"]}")
print(f"{"\f"!r}")
print(f"""{d["k"]
}""")
