"""Deeply nested f-strings that reuse one quote."""

LEVELS = [1, 2, 3]


def values():
    total = sum(LEVELS)
    return [
        f"{f"{f"{f"{total}"}"}"}",
        f"{"+".join(f"{n}" for n in LEVELS)} = {total:{"0>"}{len(f"{total * 100}")}}",
        f"{"/".join(f"{n:{"*"}>{n + 1}}" for n in LEVELS)}",
    ]
