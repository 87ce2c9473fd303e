# A multi-line call with comments on every line, inside a field.
def join(*parts, sep):
    return sep.join(parts)
print(f"{join(
    "a",  # first
    "b",  # second
    sep="-",  # separator
)}")
