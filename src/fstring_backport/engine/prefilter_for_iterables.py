"""The quick check's test for starred items in a for statement's iterable
(``for x in *a, *b:``, 3.9): point 11 of :mod:`.prefilter_rewrites`.

In a module of its own, which imports nothing but :mod:`re`, for the
import hook's pre-filter (:mod:`fstring_backport.hook.cold_path`), as
:mod:`.prefilter_type_aliases` is.  Such a star follows ``in`` or a comma,
in the header of a ``for`` statement.  One search led by the ``*`` keeps
the stars right after ``in`` or a comma, or after a blank that follows
one, two blanks or a joined line; each is then read in Python: what stands
before it, and its line, which must start with ``for`` or ``async``
(with ``in`` before the star, which a star of the loop's target lacks)
unless it may go on a header of lines before: the line before ends in a
backslash, or the line, read to the star, closes a bracket it did not
open, or holds an f-string, a string left open, or a triple quote that
may close a string of lines before (what follows it may follow a string:
a docstring's first word may not); and the star stands outside the
brackets that the line opens.  ``**`` is never one.  Last, a star that a
docstring's or a comment's prose holds (:mod:`.prose`) is passed; another
match in a string is a false alarm, which the full path settles.
"""

import re

from .prefilter_strings import BLANKS, OPENERS, QUOTES, after_string, joined_to_line_before, line_start

_STAR = re.compile(rb"\*(?:(?<=,\*)|(?<=,\s\*)|(?<=in\*)|(?<=in\s\*)|(?<=\s\s\*)|(?<=\\\s\*))")
# Bytes that, before "in", make it part of a name or an attribute.
_IN_A_NAME = frozenset(rb"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_." + bytes(range(0x80, 0x100)))
_HEADER_STARTS = re.compile(rb"[ \t\f]*(?:async(?:[ \t\f]|\\(?:\r\n|\r|\n))+)?for(?![A-Za-z0-9_\x80-\xff])")
_IN = re.compile(rb"(?<![A-Za-z0-9_\x80-\xff.])in(?![A-Za-z0-9_\x80-\xff])")
# After a string that closes, a name must be one of these words.
_WORD_AFTER_A_STRING = re.compile(
    rb"[ \t\f]*(?:(?:in|if|else|and|or|not|is|for)(?![A-Za-z0-9_\x80-\xff])|[^A-Za-z0-9_\x80-\xff])"
)
_NOTABLE = re.compile(rb"[()\[\]{}'\"#]")
_CONTINUING = re.compile(rb"[)\]}'\"]")  # what may go on from a line before


def may_star_for_iterables(text: "str | bytes") -> bool:
    """Whether ``text`` may hold a starred item in a for statement's
    iterable; False says it holds none.  ``text`` is a str, or bytes in an
    encoding that spells ASCII as ASCII."""
    data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
    prose = None
    for match in _STAR.finditer(data):
        at = match.start()
        if data[at + 1 : at + 2] == b"*":
            continue  # "**" unpacks no iterable
        if _after_in_or_comma(data, at) and _may_be_a_for_header(data, at):
            # Unless a docstring's or a comment's prose holds it ("*args"),
            # which the file read from its start tells.
            if prose is None:
                from .prose import Prose

                prose = Prose(data)
            if not prose.covers(at):
                return True
    return False


def _after_in_or_comma(data: bytes, at: int) -> bool:
    before = at - 1
    while before >= 0 and data[before] in BLANKS:
        before -= 1
    if before < 0:
        return False
    if data[before] == 0x2C:  # ","
        return True
    return data[before - 1 : before + 1] == b"in" and (before < 2 or data[before - 2] not in _IN_A_NAME)


def _may_be_a_for_header(data: bytes, at: int) -> bool:
    """Whether the star at ``at`` may stand in the header of a for
    statement, outside brackets: its line starts with one (the star after
    its ``in``), or may go on one of lines before."""
    start = line_start(data, at)
    header = _HEADER_STARTS.match(data, start, at)
    if header:
        in_ = _IN.search(data, header.end(), at)
        return in_ is not None and _outside_brackets(data, in_.end(), at, continued=True)
    if joined_to_line_before(data, start):
        return True
    if _CONTINUING.search(data, start, at) is None:
        return False  # the common case: "def f(a, *args)", "g(x, *y)"
    return _outside_brackets(data, start, at, continued=False)


def _outside_brackets(data: bytes, start: int, at: int, continued: bool) -> bool:
    """Whether the star at ``at``, the line read from ``start``, may stand
    outside brackets in a header that began before ``start`` (``continued``)
    or on a line before: one whose bracket this line closes, or whose string
    it ends."""
    depth = 0
    find = _NOTABLE.search
    while True:
        found = find(data, start, at)
        if found is None:
            return continued and depth == 0
        start = found.start()
        char = data[start]
        if char == 0x23:  # "#": the star is in a comment
            return False
        if char in QUOTES:
            if data[start : start + 3] in (b"'''", b'"""') and _may_close(data, start + 3):
                return True  # it may close a string of lines before, and code follow
            start = after_string(data, start)
            if start < 0:
                return True  # an f-string (perhaps) or a string left open
            continue
        if char in OPENERS:
            depth += 1
        elif depth == 0:
            continued = True  # a bracket of lines before closes: the header's level may be here
        else:
            depth -= 1
        start += 1


def _may_close(data: bytes, after: int) -> bool:
    """Whether the triple quote that ends at ``after`` may close a string
    of lines before: what follows it may follow a string (a docstring's
    first word may not)."""
    return _WORD_AFTER_A_STRING.match(data, after) is not None
