"""A subpackage: its t-strings import the runtime of the top package."""

depth = 2


def template():
    inner = t"{depth}"
    return t"depth {depth + 1:03d} over {inner!r}" t" (concatenated)"


def values():
    made = template()
    return [repr(made.strings), made.interpolations[0].expression, f"{made.values[1]!r}"]
