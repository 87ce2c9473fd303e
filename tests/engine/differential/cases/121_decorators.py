# F-strings needing lowering in decorator expressions and decorated bodies.
registry = {}
def register(name):
    def deco(fn):
        registry[name] = fn
        return fn
    return deco
@register(f"{"cmd"}-{len("\n")}")
def cmd():
    return f"{cmd.__name__!r}"
@register(name=f'{'other'}')
def other():
    return f"{"\N{BULLET}"}"
print(sorted(registry), cmd(), other())
