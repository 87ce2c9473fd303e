"""Where a source's plain string literals and comments lie: a place there
is prose, not code, so a prefilter's match there is a false alarm.

Read from the start as CPython's tokenizer reads: a comment runs to its
line's end; a literal has its prefix, its quotes and its escapes
(:mod:`.lexical`'s patterns); an f-string is read by the lexer itself,
and only its literal text is covered, since its fields are code.  Reading stops where it
cannot go on surely (a t-string, a literal left open, a quote after a
name that is no prefix), and nothing after that is covered: a place
outside every span is only "perhaps code".

Most files never need this: the prefilters ask only when a pattern has
matched, typically in a docstring's prose.
"""

import re
from bisect import bisect_right
from typing import Dict, List

from .errors import TranspileError
from .lexical import LINE_BREAK_CHARACTERS, QUOTES, closing, string_body

_NEXT = re.compile(r"[#'\"]")
_COMMENT_END = re.compile("[" + LINE_BREAK_CHARACTERS + "]|\\Z")
_NAME_CHARACTER = re.compile(r"[A-Za-z0-9_\x80-\xff]")
_PLAIN_PREFIXES = frozenset(["", "r", "u", "b", "br", "rb"])
_FSTRING_PREFIXES = frozenset(["f", "fr", "rf"])
# A literal's rest after its opening quote, its closing quote included.
_REST: Dict[str, "re.Pattern[str]"] = {quote: re.compile(string_body(quote) + closing(quote)) for quote in QUOTES}


class Prose:
    """The spans of the plain literals and comments of ``data``, bytes in
    any encoding that spells ASCII as ASCII (offsets are bytes')."""

    def __init__(self, data: bytes) -> None:
        self._starts: List[int] = []
        self._ends: List[int] = []
        self._read(data.decode("latin-1"))  # one character per byte: offsets keep

    def covers(self, offset: int) -> bool:
        """Whether ``offset`` is surely inside a plain literal or a comment."""
        index = bisect_right(self._starts, offset) - 1
        return index >= 0 and offset < self._ends[index]

    def _read(self, text: str) -> None:
        position = 0
        while True:
            found = _NEXT.search(text, position)
            if found is None:
                return
            at = found.start()
            if text[at] == "#":
                end = _COMMENT_END.search(text, at)
                assert end is not None  # \Z matches
                position = self._cover(at, end.start())
                continue
            start = at
            while start > 0 and _NAME_CHARACTER.match(text, start - 1):
                start -= 1
            prefix = text[start:at].lower()
            if prefix in _FSTRING_PREFIXES:
                position = self._cover_fstring(text, start)
                if position < 0:
                    return
                continue
            if prefix not in _PLAIN_PREFIXES:
                return  # a t-string, or no literal CPython reads
            quote = text[at] * 3 if text.startswith(text[at] * 3, at) else text[at]
            rest = _REST[quote].match(text, at + len(quote))
            if rest is None:
                return  # left open: CPython reports it
            position = self._cover(start, rest.end())

    def _cover(self, start: int, end: int) -> int:
        self._starts.append(start)
        self._ends.append(end)
        return end

    def _cover_fstring(self, text: str, start: int) -> int:
        """Cover the literal text of the f-string whose prefix is at
        ``start`` (its fields are code); where it ends, or -1 if it is not
        valid."""
        from .lexer import FSTRING_MIDDLE, lex_fstring  # loads only for a file that needs it

        try:
            tokens = lex_fstring(text, start).tokens
        except TranspileError:
            return -1
        for token in tokens:
            if token.kind == FSTRING_MIDDLE:
                self._cover(token.offset, token.end)
        return tokens[-1].end
