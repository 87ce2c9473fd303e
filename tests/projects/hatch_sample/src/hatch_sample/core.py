def lines(items):
    """A function on line 1: no line above it can bind a constant."""
    return f"{"\n".join(items)}|{"\\"}"


def values():
    return [lines(["a", "b"])]
