# Method calls, subscripts and %-formatting applied to lowered f-strings.
d = {"k": "value"}
print(f"{d["k"]}"[0], f"{d["k"]}".upper(), f"{d["k"]}%s" % "!")
print(f"{d["k"]}"if d else"")
print(len(f"{"\n".join(d)}"), f"{d["k"]!r}".strip("'"))
