@type
def function_type():
    """A decorator on line 1: no line above it can bind a constant."""


def rows(items):
    return f"{"\t".join(items)!r}"


def values():
    return [function_type.__name__, rows(["x", "y"])]
