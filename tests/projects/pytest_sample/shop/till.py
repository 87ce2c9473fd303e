from fruit import price


def receipt(items):
    r"""The receipt's lines.

    >>> print(receipt([{"name": "fig", "price": 2}, {"name": "kiwi", "price": 10}]))
    fig:   2
    kiwi:  10
    """
    return f"{"\n".join(price(item) for item in items)}"
