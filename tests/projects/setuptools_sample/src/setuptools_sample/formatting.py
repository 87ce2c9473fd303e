"""Backslashes, reused quotes and comments in replacement fields."""

WORDS = ["alpha", "beta", "gamma"]


def block(words):
    return f"""{
        "\n".join(  # one word a line
            f"- {word!r}" for word in words  # quoted
        )
    }"""


def values():
    return [
        block(WORDS),
        f'{"\\".join(WORDS[:2])}',
        f'{'\x41' * 3}{"\u00e9"}',
        f"{WORDS[0]!r:^{len(WORDS[-1]) + 4}}",
    ]
