# F-strings needing lowering in if, while, for and with headers.
import contextlib
d = {"k": "v"}
if f"{d["k"]}" == "v":
    print(f"{"if ok"}")
n = 0
while f"{n}" != f"{"3"}":
    n += 1
print(n)
for ch in f"{d["k"]}{"\t"}":
    print(repr(ch))
@contextlib.contextmanager
def ctx(name):
    yield f"<{name}>"
with ctx(f"{d["k"]}") as got, ctx(f"{"\n"!r}") as got2:
    print(got, got2)
