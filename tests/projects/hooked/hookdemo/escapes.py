"""Backslashes in expression parts."""

lines = ["one", "two"]
VALUES = [
    f'{"\n".join(lines)}',
    f"{'\t'.join(lines)!r}",
    f"{"\N{BULLET}"} {"\x41\u00e9"}",
    rf"{"\\"}\d",
    f"{lines[0].replace("o", "\\")}",
]
