# F-strings needing lowering in generator functions and yield expressions.
def lines(rows):
    for r in rows:
        yield f"{r["id"]:>3}|{r["name"]!r}"
    yield f"{"-" * 5}"
print("\n".join(lines([{"id": 1, "name": "a"}, {"id": 22, "name": "b"}])))
def echo():
    got = yield f"{"start"}"
    while got:
        got = yield f"{got!r}\t"
g = echo()
print(next(g), repr(g.send("x")), repr(g.send("y")))
