"""The one exception the engine raises for input it cannot accept."""

from typing import Optional, Tuple


class TranspileError(SyntaxError):
    """Input that Python 3.12 rejects, or that cannot be lowered faithfully.

    A ``SyntaxError`` subclass, so callers that already handle syntax errors
    (tracebacks, IDEs, the import system) treat it the usual way.  ``lineno``
    and ``offset`` are 1-based, as in CPython's own messages.
    """

    # Where the lexer met this error inside an f-string or t-string, or at
    # a bracket never closed, CPython reports an error that its parser met
    # first: one before this offset (see rewriting._read).
    parser_errors_before: Optional[int] = None
    # Met inside an f-string or t-string (CPython's tokenizer keeps the
    # parser's error then, see tokenizer_resumes).
    in_fstring = False
    # Where CPython's tokenizer goes on after this error, which its parser
    # raises: (the offset past the f-string's quote, the f-string's start,
    # the brackets left open in it as (bracket, offset)).  A tokenizer error
    # it then meets outside f-strings is the one reported (see
    # rewriting._read).
    tokenizer_resumes: Optional[Tuple[int, int, Tuple[Tuple[str, int], ...]]] = None
    # The input ended in an f-string's field: what closes its brackets and
    # f-strings.  An error CPython's parser meets in the field before the
    # input's end is the one reported (see rewriting._read).
    closing: Optional[str] = None

    def __init__(
        self,
        msg: str,
        filename: str = "<unknown>",
        lineno: int = 1,
        offset: int = 1,
        text: Optional[str] = None,
        end_lineno: Optional[int] = None,
        end_offset: Optional[int] = None,
    ) -> None:
        if end_lineno is None:
            end_lineno, end_offset = lineno, offset
        # Python 3.8 and 3.9 take a 4-tuple only; the end position is set
        # by hand so it reads the same on every version.
        super().__init__(msg, (filename, lineno, offset, text))
        self.end_lineno = end_lineno
        self.end_offset = end_offset

    @classmethod
    def from_syntax_error(
        cls, exc: SyntaxError, filename: str, message: Optional[str] = None
    ) -> "TranspileError":
        """A SyntaxError from Python's own reader, at its place (1:1 if it has none).

        Errors at an offset of a text the engine read come from
        :meth:`.parsed.Parsed.error` instead.
        """
        return cls(exc.msg if message is None else message, filename, exc.lineno or 1, exc.offset or 1)

    def builtin(self) -> SyntaxError:
        """The same error as the built-in class CPython raises (``SyntaxError``,
        ``IndentationError`` or ``TabError``), for code compiled on a user's
        behalf, whose tracebacks name that class."""
        kind = next(base for base in (TabError, IndentationError, SyntaxError) if isinstance(self, base))
        error = kind(self.msg, (self.filename, self.lineno, self.offset, self.text))
        error.end_lineno, error.end_offset = self.end_lineno, self.end_offset
        return error

    def located(self) -> str:
        """``path:line:col: message``, the form compilers and linters print."""
        return f"{self.filename}:{self.lineno}:{self.offset}: {self.msg}"
