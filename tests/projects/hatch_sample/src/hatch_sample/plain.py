"""Nothing Python 3.8 rejects: shipped as it is."""


def count(n):
    return f"{n!r} item{'s' if n != 1 else ''}"
