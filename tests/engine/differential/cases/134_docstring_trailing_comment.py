# A docstring with a trailing comment on its line, then f-strings needing constants.
"""Docstring followed by a comment on the same line."""  # and here it is
print(f"{"\n".join(["a", "b"])}")
print(__doc__)
