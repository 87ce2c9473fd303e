# F-strings needing lowering in annotations (evaluated eagerly without the future import).

def f(x: f"{"int"}", y: f"{"a\tb"}" = 1) -> f"{"ret"!r}":
    return x
print(f.__annotations__)
class C:
    attr: f"{"A"}" = 1
print(C.__annotations__)
