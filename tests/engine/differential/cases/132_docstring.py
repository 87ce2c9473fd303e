# A module docstring, then f-strings that need constants.
"""A module docstring; f-strings below need constants."""
print(f"{"\n".join(["a", "b"])}")
print(__doc__)
