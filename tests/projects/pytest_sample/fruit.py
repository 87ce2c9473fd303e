"""Helpers that the tests import, written with Python 3.12 f-strings.

>>> print(f"{label({"name": "fig"})}")
'fig'
"""


def label(item):
    r"""The item's name, quoted.

    >>> label({"name": "kiwi"})
    "'kiwi'"
    >>> f"{"\n".join([label({"name": "a"}), "b"])}"
    "'a'\nb"
    """
    return f"{item["name"]!r}"


def price(item):
    return f"{item["name"]}: {item["price"]:>{3}}"


def tag(item):
    return t"<{item["name"]!s:>6}>"
