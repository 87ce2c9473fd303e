"""3.12 f-strings: quotes reused, backslashes in fields, nesting."""

SONG = {"title": "Blue", "tags": ["calm", "slow"]}


def values():
    width = 8
    return [
        f"{SONG["title"]}",
        f"{"\n".join(SONG["tags"])}",
        f"{f"{f"{SONG["title"]:>{width}}"}"}|",
        f"{"\N{BULLET}"} {SONG['tags']!r:^{width + 20}}",
        f"{width = }, {SONG["tags"][0] = !s}",
        f"{'\\'.join(['a', 'b'])}",
    ]
