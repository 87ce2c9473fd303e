# CRLF line endings with multi-line fields, comments and constants.
d = {"k": 1}
print(f"{d["k"]}")
print(f"""{d["k"]
+ 1}""")
print(f"{d["k"] # comment
}")
print(repr(f"{"\n".join(["a", "b"])}"))
