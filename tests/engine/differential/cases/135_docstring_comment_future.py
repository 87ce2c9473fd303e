# A docstring with a trailing comment, a __future__ import, then f-strings needing constants.
"""Docstring with a trailing comment, then a __future__ import."""  # note
from __future__ import annotations
print(f"{"\n".join(["a", "b"])}")
print(__doc__)
