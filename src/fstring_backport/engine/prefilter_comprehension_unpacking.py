"""The quick check's test for unpacking in a comprehension (PEP 798, 3.15):
``[*x for x in xs]``, ``{**d for d in ds}``, ``f(*x for x in xs)``.

In a module of its own, which imports nothing but :mod:`re`, for the
import hook's pre-filter (:mod:`fstring_backport.hook.cold_path`), as
:mod:`.prefilter_lazy_imports` is.  The construct is a ``*`` or ``**``
right after an opening bracket whose item goes on to a ``for`` at its own
level.  The stars are found by a search led by the ``*`` itself (a class
of openers to lead it would try every position: ten times slower), whose
lookbehinds keep a star after an opener or after blanks that follow one;
each is then checked in Python: what stands before it, as far as an
opener, and the item after it, as far as it must: to the comma or bracket
that ends it (no comprehension), or to a ``for`` (perhaps one).  Plain
strings, comments and joined lines in the item are skipped; an f-string or
t-string (its fields may reuse its quote) or an unterminated string answers
"perhaps", for the full path to settle, as it settles a match in a string
or a comment; a backslash that joins no lines says the star is not code.
"""

import re

from .prefilter_strings import (
    BLANKS,
    IN_A_NAME,
    LINE_END,
    OPENERS,
    QUOTES,
    after_string,
    formatted,
    joined_to_line_before,
    line_start,
)

# A star after an opener, or after a blank that does not follow something
# other than an opener, a blank or a backslash that joins lines: most stars
# are ``a * b``, ``f(x, *args)`` and prose, which the second lookbehind drops.
_STAR = re.compile(rb"\*(?<=[\[({\s]\*)(?<![^\[({\s\\]\s\*)")
# The characters of an item worth a look: brackets, quotes, "#", "\\",
# "," and the "f" that may start "for".
_NOTABLE = re.compile(rb"[()\[\]{}'\"#\\,f]")
_FOR = re.compile(rb"for(?![A-Za-z0-9_\x80-\xff])")
_QUOTE_OR_COMMENT = re.compile(rb"['\"#]")
_CLOSERS = frozenset(b")]}")


def may_unpack_in_comprehension(text: "str | bytes") -> bool:
    """Whether ``text`` may unpack in a comprehension; False says it does
    not.  ``text`` is a str, or bytes in an encoding that spells ASCII as
    ASCII."""
    data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
    for match in _STAR.finditer(data):
        at = match.start()  # the first star of "**" (the second follows a star)
        if (
            _follows_an_opener(data, at)
            and _item_reaches_for(data, at + 1 + (data[at + 1 : at + 2] == b"*"))
            and not _in_text_on_its_line(data, at)
        ):
            return True
    return False


def _follows_an_opener(data: bytes, at: int) -> bool:
    """Whether the star at ``at`` may be the first thing after an opening
    bracket: only blanks, line breaks, joined lines or comments between."""
    before = at - 1
    crossed_a_line = False
    while before >= 0 and data[before] in BLANKS:
        crossed_a_line = crossed_a_line or data[before] in b"\r\n"
        before -= 1
    if before >= 0 and data[before] in OPENERS:
        return True
    # The line before may end in a comment that follows the opener: perhaps.
    return crossed_a_line and data.rfind(b"#", data.rfind(b"\n", 0, before) + 1, before + 1) >= 0


def _item_reaches_for(data: bytes, at: int) -> bool:
    """Whether the item from ``at`` may reach a ``for`` at its level."""
    depth = 0
    notable = _NOTABLE.search
    while True:
        found = notable(data, at)
        if found is None:
            return False
        at = found.start()
        char = data[at]
        if char in QUOTES:
            at = after_string(data, at)
            if at < 0:
                return True
            continue
        if char == 0x23:  # "#": a comment, to the end of its line
            line_end = LINE_END.search(data, at)
            if line_end is None:
                return False
            at = line_end.end()
            continue
        if char == 0x5C:  # outside a string, a backslash only joins lines
            if data[at + 1 : at + 2] not in (b"\n", b"\r"):
                return False  # so this star is not in code
            at += 2
            continue
        if char == 0x66:  # "f": "for" as a word, where the item's level is
            if depth == 0 and data[at - 1] not in IN_A_NAME and _FOR.match(data, at):
                return True
        elif char in OPENERS:
            depth += 1
        elif char in _CLOSERS or char == 0x2C:  # a bracket or a comma that ends the item
            if depth == 0:
                return False
            if char != 0x2C:
                depth -= 1
        at += 1


def _in_text_on_its_line(data: bytes, at: int) -> bool:
    """Whether the star at ``at`` is surely in a plain string or a comment
    of its line, read from the line's start.  The line must start in code:
    where it may not, the answer is False, "perhaps code": the line before
    ends in a backslash (a string may go on); a triple quote before the
    star (it may close a string of earlier lines); a brace (the line may
    start in the text of a triple-quoted f-string or in a field of lines
    before, where a quote may close a string rather than open one); an
    f-string or t-string."""
    start = line_start(data, at)
    if joined_to_line_before(data, start):
        return False
    for mark in (b"{", b"}", b"'''", b'"""'):
        if data.find(mark, start, at) >= 0:
            return False
    find = _QUOTE_OR_COMMENT.search
    while True:
        found = find(data, start, at)
        if found is None:
            return False
        start = found.start()
        if data[start] == 0x23:  # "#"
            return True
        end = after_string(data, start)
        if end < 0:  # an f-string or t-string: perhaps; else a string left open, which holds the star
            return not formatted(data, start)
        if end > at:
            return True
        start = end

