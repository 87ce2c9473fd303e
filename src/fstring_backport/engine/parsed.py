"""One source text as the engine reads it: text, tokens, lines, file name.

The lexer makes one :class:`Parsed` per text and fills in its tokens; the
f-string parser, ``oldsyntax``, the lowering, the hoisting and the pipeline
take it whole.  :meth:`Parsed.error` is the one way an offset becomes a
:class:`TranspileError`.
"""

import re
from bisect import bisect_right
from typing import TYPE_CHECKING, List, Optional, Tuple, Type

from .errors import TranspileError
from .lexical import LINE_BREAK

if TYPE_CHECKING:
    from .lexer import Token


class LineIndex:
    """Maps character offsets to CPython's (1-based line, 0-based column)."""

    _LINE_BREAK = re.compile(LINE_BREAK)

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0]
        self.starts.extend(m.end() for m in self._LINE_BREAK.finditer(text))

    def position(self, offset: int) -> Tuple[int, int]:
        line = bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1]

    def line_text(self, line: int) -> str:
        start = self.starts[line - 1]
        end = self.starts[line] if line < len(self.starts) else len(self.text)
        return self.text[start:end]


class Parsed:
    """A source text, its tokens and its file name; its lines on demand."""

    __slots__ = ("text", "tokens", "filename", "_lines")

    def __init__(self, text: str, tokens: "Optional[List[Token]]" = None, filename: str = "<unknown>") -> None:
        self.text = text
        self.tokens: List[Token] = [] if tokens is None else tokens
        self.filename = filename
        self._lines: Optional[LineIndex] = None

    @property
    def lines(self) -> LineIndex:
        # Built on first use: most texts raise no error and need no lines.
        if self._lines is None:
            self._lines = LineIndex(self.text)
        return self._lines

    def position(self, offset: int) -> Tuple[int, int]:
        """(1-based line, 0-based column) of ``offset``."""
        return self.lines.position(offset)

    def error(
        self, message: str, offset: int, end: Optional[int] = None, cls: Type[TranspileError] = TranspileError
    ) -> TranspileError:
        """The error at ``offset`` (to ``end``), with its line's text, to raise."""
        lines = self.lines
        line, column = lines.position(offset)
        end_line, end_column = lines.position(offset if end is None else end)
        return cls(message, self.filename, line, column + 1, lines.line_text(line), end_line, end_column + 1)
