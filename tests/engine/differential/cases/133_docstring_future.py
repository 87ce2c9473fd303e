# A docstring and a __future__ import before f-strings that need constants.
"""Docstring, then a __future__ import, then f-strings needing constants."""
from __future__ import annotations
def f(x: int) -> str:
    return f"{x}{"\t"}{x!r}"
print(repr(f(1)))
print(__doc__)
