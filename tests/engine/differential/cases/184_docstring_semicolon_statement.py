# A docstring followed on its line by a statement; an f-string below needs a constant.
"""Doc string."""; x = 1
print(f"{"\t".join(["a", "b"])!r} {x}")
print(__doc__)
