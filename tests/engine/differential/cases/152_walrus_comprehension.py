# Walrus assignments inside fields and comprehensions with lowered f-strings.
data = ["a", "bb", "ccc"]
print([f"{(n := len(s))}:{s * n}" for s in data])
print(f"{(total := sum(len(f"{s}\n") for s in data))} {total * 2}")
if (msg := f"{data[0]!r}{"\t"}"):
    print(repr(msg))
