# Nested lambdas and comprehensions inside a class body.
PREFIX = "g"
class K:
    PREFIX = "k"
    items = ["a", "b"]
    # The first iterable is evaluated in class scope; the rest in a new scope.
    tagged = [f"{PREFIX}:{i}\n" for i in items]
    fmt = lambda self, v: f"{PREFIX}<{v!r}>{"\t"}"
    mapping = {i: f"{i * 2}" for i in items}
print(K.tagged, K().fmt("x"), K.mapping)
