"""A library written with Python 3.14 t-strings."""

import string.templatelib as templatelib


def sample():
    items = ["x", "y"]
    return t"{len(items)} items: {", ".join(items)!s}" t" and {items[0]:^5}"


def render(template):
    """Fill a Template from any library, by this one's string.templatelib."""
    pieces = []
    for item in template:
        if isinstance(item, templatelib.Interpolation):
            value = templatelib.convert(item.value, item.conversion)
            pieces.append(format(value, item.format_spec).upper())
        else:
            pieces.append(item)
    return "".join(pieces)


def values():
    return [render(sample()), render(t"{'nested'} {t"{1}".values}")]
