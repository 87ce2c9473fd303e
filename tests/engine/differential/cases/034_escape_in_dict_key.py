# Dict keys containing escapes, in the same quote as the f-string.
d = {"a\tb": 1, "line\n": 2, "q\"": 3}
print(f"{d["a\tb"]} {d["line\n"]} {d["q\""]}")
print(f'{d['a\tb'] + d['q"']}')
