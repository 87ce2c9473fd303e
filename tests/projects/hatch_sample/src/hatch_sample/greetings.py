"""Backslashes and reused quotes in replacement fields."""

NAMES = ["Ada", "Grace"]


def greet(name):
    return f"{"Hello"}, {name + "!"}"


def values():
    return [
        f'{"\n".join(NAMES)}',
        f"{"\t".join(name.upper() for name in NAMES)}",
        f"{'\'' + NAMES[0] + '\''}",
        f"{"\N{BULLET}"} {greet(NAMES[1])}",
    ]
