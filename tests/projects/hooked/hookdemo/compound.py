class Table:
    """A class on line 1: no line above it can bind a constant."""

    SEPARATOR = f"{"\n".join(["a", "b"])}"


VALUES = [Table.SEPARATOR, f"{b"\x00\xff"!r}", f"{"it's" + "\\"}"]
