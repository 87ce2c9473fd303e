"""A library written with Python 3.12 f-strings and 3.14 t-strings."""

from . import formatting
from .sub import templates


def values():
    """Everything the library computes, in order."""
    return [*formatting.values(), *templates.values()]
