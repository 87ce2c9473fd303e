"""How the command line's and the build steps' messages word what they
share: a count of things, and an exception in one line."""


def counted(number: int, noun: str) -> str:
    """``1 file``, ``2 files``, ``3 runtime copies``."""
    if number == 1:
        return f"1 {noun}"
    plural = noun[:-1] + "ies" if noun.endswith("y") and noun[-2:-1] not in "aeiou" else noun + "s"
    return f"{number} {plural}"


def one_line(exc: BaseException) -> str:
    """``exc``'s message with its white space folded; its type's name when it has none."""
    return " ".join(str(exc).split()) or type(exc).__name__
