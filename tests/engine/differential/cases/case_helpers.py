# What several cases share, imported from beside them (the differential
# test puts it, transpiled, beside each case's output).  As a case of its
# own it prints nothing.
from string.templatelib import Interpolation, convert

LOG = []  # what Loud objects were asked, in order


class Loud:
    """A value that logs each conversion and format it is asked for."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        LOG.append("repr " + self.name)
        return "R" + self.name

    def __str__(self):
        LOG.append("str " + self.name)
        return "S" + self.name

    def __format__(self, spec):
        LOG.append("format " + self.name + " " + spec)
        return self.name


def attempt(label, thunk):
    """Print what calling ``thunk`` gives: its value, or its exception."""
    try:
        result = thunk()
    except Exception as e:
        print(label, "->", type(e).__name__, str(e))
    else:
        print(label, "=", repr(result))


def render(template):
    """A Template as f-strings render it: PEP 750's own example."""
    parts = []
    for item in template:
        if isinstance(item, Interpolation):
            parts.append(format(convert(item.value, item.conversion), item.format_spec))
        else:
            parts.append(item)
    return "".join(parts)
