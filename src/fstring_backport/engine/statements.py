"""Where a module's statements start, read from its code tokens: what the
readers that walk a whole module in one pass (:mod:`.constructs`,
:mod:`.annotations`) share.

A statement starts after the end of a logical line (and at an indent, a
dedent, the end of the module), and within a line where its reader sees
one end: after a compound statement's header (``if x: y = 1``) or a ``;``.
"""

from typing import Iterator, List, Tuple

from .lexer import DEDENT, ENDMARKER, INDENT, NEWLINE, Token

# Tokens that end a statement (a logical line's end) or stand between two.
STATEMENT_ENDS = frozenset((NEWLINE, INDENT, DEDENT, ENDMARKER))
# Statements with a block: their first ":" outside brackets (not a
# lambda's) ends the header, and a simple statement may follow on the line.
COMPOUND = frozenset("if elif else for while with try except finally def class async".split())


class Statements:
    """The code tokens of a module (trivia left out), each with whether it
    starts a statement, for a reader that goes through them once.

    Iterating gives ``(index, token, starts)`` for every token but the
    statement ends; the reader calls :meth:`restart` where it sees a
    statement start inside a line."""

    __slots__ = ("code", "_starting")

    def __init__(self, code: List[Token]) -> None:
        self.code = code
        self._starting = True

    def restart(self) -> None:
        """The next token starts a statement (after a header's ``:`` or a ``;``)."""
        self._starting = True

    def __iter__(self) -> Iterator[Tuple[int, Token, bool]]:
        for i, token in enumerate(self.code):
            if token.kind in STATEMENT_ENDS:
                self._starting = True
                continue
            starts = self._starting
            self._starting = False
            yield i, token, starts
