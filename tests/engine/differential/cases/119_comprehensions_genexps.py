# F-strings needing lowering inside comprehensions and generator expressions.
data = [{"n": 1}, {"n": 2}, {"n": 3}]
print([f"{d["n"]}" for d in data])
print({f"{d["n"]}": f"{d["n"] ** 2}" for d in data})
print(sum(len(f"{d["n"]}\n") for d in data))
print(sorted({f"{d["n"] % 2}" for d in data}))
print([f"{x}{y}" for x in "ab" if f"{x}" != "c" for y in [f"{"1"}", "2"]])
