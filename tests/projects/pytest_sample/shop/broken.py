"""Doctests that fail, written with Python 3.12 f-strings."""


def total(items):
    """The sum of the prices.

    >>> f"{total([{"price": 2}, {"price": 3}]):>3}"
    '  6'
    """
    return sum(item["price"] for item in items)


def cheapest(items):
    """The cheapest item's name.

    >>> f"{cheapest([{"name": "fig", "price": 2}])!r}"
    "'fig'"
    >>> cheapest([{"name": "fig"}])
    'fig'
    """
    return f"{min(items, key=lambda item: item["price"])["name"]}"
