# F-strings needing lowering as default argument values.
key = "k"
def f(a=f"{key!r}", sep=f"{"\n"}", d=f"{ {"x": 1}["x"] }"):
    return repr((a, sep, d))
print(f())
print(f(sep="|"))
def g(*, w=f"{10:{"0"}>4}"):
    return w
print(g())
