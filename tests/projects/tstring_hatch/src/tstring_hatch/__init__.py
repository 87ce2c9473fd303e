"""A library written with Python 3.14 t-strings (and 3.12 f-strings)."""

from string.templatelib import Interpolation, Template, convert

from tstring_hatch import greet
from tstring_hatch.sub import deep


def sample():
    """A Template made here, which the other sample library renders."""
    name, width = "Ann", 6
    return t"Hello {name!r:>{width}}, {"\n".join(["a", "b"])} ({width = })!"


def render(template):
    """Fill a Template from any library, by this one's string.templatelib."""
    if not isinstance(template, Template):
        raise TypeError(f"not a Template: {type(template).__name__}")
    pieces = []
    for item in template:
        if isinstance(item, Interpolation):
            pieces.append(format(convert(item.value, item.conversion), item.format_spec))
        else:
            pieces.append(item)
    return "".join(pieces)


def values():
    """Everything the library computes, in order."""
    return [render(sample()), *greet.values(), *deep.values()]
