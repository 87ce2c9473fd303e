# A '#' inside a string in a debug field is no comment; with lowering elsewhere.
d = {"k": 1}
print(f"{'#'=}|{d["k"]}")
print(f"{'a#b' if d else "c"=}")
print(f"""{'#'
=}""")
