# A yield expression with an escaped constant inside a field.

def g():
    r = f"{(yield "a\n")!r}"
    yield r
it = g()
print(repr(next(it)))
print(it.send("B"))
