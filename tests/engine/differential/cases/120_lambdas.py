# F-strings needing lowering in lambdas, defaults of lambdas included.
show = lambda d: f"{d["k"]!r}"
sep = lambda items, s="\n": f"{s.join(items)}"
nested = lambda x: (lambda y: f"{f"{x}"}-{y}")
print(show({"k": 1}), repr(sep(["a", "b"])), nested(1)(2))
print((lambda: f"{"\t"!r}")())
