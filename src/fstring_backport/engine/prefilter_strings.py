"""What the quick check's tests that read code around a match share
(:mod:`.prefilter_comprehension_unpacking`, :mod:`.prefilter_for_iterables`):
plain strings read from their opening quote, and a match's line.  Imports
nothing but :mod:`re`, for the import hook's pre-filter."""

import re

LINE_END = re.compile(rb"[\r\n]")
IN_A_NAME = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_" + bytes(range(0x80, 0x100)))
BLANKS = frozenset(b" \t\f\v\r\n\\")  # and a backslash, which may join lines
OPENERS = frozenset(b"([{")
QUOTES = frozenset(b"'\"")
_FORMATTED = frozenset(b"fFtT")


def line_start(data: bytes, at: int) -> int:
    """Where the line that holds ``at`` starts (a lone carriage return, an
    old Mac line end, is looked for on that line only: a search from the
    start of a file that has none reads all of it, at every call)."""
    newline = data.rfind(b"\n", 0, at) + 1
    return data.rfind(b"\r", newline, at) + 1 or newline


def joined_to_line_before(data: bytes, start: int) -> bool:
    """Whether the line that starts at ``start`` goes on from the one before
    (which ends in a backslash): then it may start in a string."""
    return data[max(start - 3, 0) : start].rstrip(b"\r\n").endswith(b"\\")


def after_string(data: bytes, at: int) -> int:
    """Where the plain string whose quote is at ``at`` ends; -1 for an
    f-string or t-string (PEP 701 lets its fields reuse its quote), or a
    string that does not end where a plain one must."""
    if formatted(data, at):
        return -1
    quote = data[at : at + 1]
    if data[at : at + 3] == quote * 3:
        closing = quote * 3
        at += 3
    else:
        closing = quote
        at += 1
    while True:
        end = data.find(closing, at)
        if end < 0:
            return -1
        if len(closing) == 1 and LINE_END.search(data, at, end):
            return -1
        # A quote after an odd number of backslashes is escaped.
        slashes = end
        while data[slashes - 1] == 0x5C:
            slashes -= 1
        if (end - slashes) % 2 == 0:
            return end + len(closing)
        at = end + 1


def formatted(data: bytes, quote: int) -> bool:
    """Whether the string whose quote is at ``quote`` is an f-string or a t-string."""
    start = quote
    while start > 0 and data[start - 1] in IN_A_NAME:
        start -= 1
    return any(letter in _FORMATTED for letter in data[start:quote])
