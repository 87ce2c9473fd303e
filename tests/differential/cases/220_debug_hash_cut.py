# 3.12 cuts a debug field's text at '#', even inside strings; with lowering elsewhere.
d = {"k": 1}
print(f"{'#'=}|{d["k"]}")
print(f"{'a#b' if d else "c"=}")
print(f"""{'#'
=}""")
