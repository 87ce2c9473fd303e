"""The f-string parser: a small tree for every f-string and t-string, over lexer tokens.

The lexer already guarantees the outline (an ``FSTRING_START``, text pieces
and balanced fields, an ``FSTRING_END``, or the same for a t-string); this
module finds the parts of each
replacement field - expression, debug ``=``, conversion, format spec - and
raises CPython 3.15's error for a field it would reject.  Nodes refer to
tokens by index, so every part keeps its exact source position.
"""

from typing import Iterator, List, Optional, Tuple, Union

from .errors import TranspileError
from .lexer import (
    FSTRING_END,
    FSTRING_MIDDLE,
    FSTRING_START,
    NAME,
    OP,
    TRIVIA,
    TSTRING_END,
    TSTRING_MIDDLE,
    TSTRING_START,
    Token,
)
from .lexical import QUOTE_CHARACTERS
from .parsed import Parsed

_FIELD_ENDS = frozenset(("}", "!", ":", "="))
_OPENING = frozenset("([{")
_CLOSING = frozenset(")]}")
STARTS = frozenset((FSTRING_START, TSTRING_START))
MIDDLES = frozenset((FSTRING_MIDDLE, TSTRING_MIDDLE))
ENDS = frozenset((FSTRING_END, TSTRING_END))


class Literal:
    """A piece of literal text: one ``FSTRING_MIDDLE`` (``TSTRING_MIDDLE``) token."""

    __slots__ = ("index",)

    def __init__(self, index: int) -> None:
        self.index = index


class Field:
    """A replacement field ``{expression=!conversion:spec}``.

    ``expr_start``/``expr_end`` delimit the expression's tokens (trivia
    included, end exclusive); the optional parts are token indices.
    """

    __slots__ = (
        "open",
        "close",
        "expr_start",
        "expr_end",
        "equals",
        "debug_end",
        "conversion",
        "colon",
        "spec",
        "fstrings",
    )

    def __init__(self, open_index: int) -> None:
        self.open = open_index
        self.close = -1
        self.expr_start = open_index + 1
        self.expr_end = open_index + 1
        self.equals: Optional[int] = None
        self.debug_end: Optional[int] = None  # first token after the debug text
        self.conversion: Optional[int] = None
        self.colon: Optional[int] = None
        self.spec: Optional[List[Part]] = None
        self.fstrings: List[FString] = []  # f-strings and t-strings nested in the expression


Part = Union[Literal, Field]


class FString:
    """One f-string literal, ``FSTRING_START`` parts ``FSTRING_END``, or t-string."""

    __slots__ = ("start", "end", "parts", "template")

    def __init__(self, start: int, template: bool = False) -> None:
        self.start = start
        self.end = -1
        self.parts: List[Part] = []
        self.template = template  # a t-string (PEP 750)

    def fields(self) -> Iterator[Field]:
        """Every field of this f-string, those in format specs included."""
        stack = list(reversed(self.parts))
        while stack:
            part = stack.pop()
            if isinstance(part, Field):
                yield part
                if part.spec:
                    stack.extend(reversed(part.spec))


def debug_text(tokens: List[Token], field: Field) -> str:
    """The text CPython 3.15 shows for ``{expr=}``: the source as written.

    It runs from after ``{`` to the ``!``, ``:`` or ``}`` that ends the
    field's expression, ``=`` and blanks included.  Line breaks read as
    ``\\n``, as when CPython reads a file; escapes are not processed, in raw
    and non-raw f-strings alike (``f'{"\\n"=}'`` shows the backslash).
    Comments go as CPython's tokenizer removes them
    (:func:`strip_debug_comments`).
    """
    assert field.equals is not None and field.debug_end is not None
    text = "".join(t.text for t in tokens[field.expr_start : field.debug_end])
    return strip_debug_comments(text.replace("\r\n", "\n").replace("\r", "\n"))


def interpolation_expression(tokens: List[Token], field: Field, source: str) -> str:
    """``Interpolation.expression`` of a t-string's field, as 3.14 and 3.15 give it.

    Without ``=``, the text from after ``{`` to the ``!``, ``:`` or ``}``,
    comments gone as from debug text.  With ``=``, the debug text less its
    ``=`` and what follows it, found from the end: blanks, line breaks and
    continuations, then the ``=``.  Where CPython's scan for comments miscounts quotes and
    keeps a comment after the ``=`` (``{''''<newline>'''=#<newline>}``),
    no ``=`` ends the text, and the expression is the whole debug text.
    """
    if field.equals is None:
        written = source[tokens[field.expr_start].offset : tokens[field.expr_end].offset]
        return strip_debug_comments(written.replace("\r\n", "\n").replace("\r", "\n"))
    text = debug_text(tokens, field)
    kept = text.rstrip(" \t\f\v\r\n\\")  # a backslash here only continues a line
    return kept[:-1] if kept.endswith("=") else text


def strip_debug_comments(text: str) -> str:
    """Remove comments from debug text as CPython 3.15 does, quirks included.

    CPython scans the text for quote characters rather than using its
    tokens: a quote opens a "string" that the next quote of the same
    character closes, whatever the prefix or triple quote, and the character
    after a backslash is skipped.  Each ``#`` outside such strings starts a
    comment, removed up to its line break, which stays.  So ``f"{'#'=}"``
    keeps its ``#``, and in ``'''a'b''' # c`` the miscounted quotes keep the
    comment.
    """
    if "#" not in text:
        return text
    out = []
    quote = ""
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == "\\":
            out.append(text[i : i + 2])
            i += 2
            continue
        if ch == "#" and not quote:
            end = text.find("\n", i)
            i = n if end < 0 else end  # the line break itself is kept
            continue
        if ch in QUOTE_CHARACTERS:
            if not quote:
                quote = ch
            elif ch == quote:
                quote = ""
        out.append(ch)
        i += 1
    return "".join(out)


def parse_fstrings(parsed: Parsed) -> List[FString]:
    """Parse every outermost f-string and t-string of ``parsed``; nested ones hang below."""
    return _Parser(parsed).parse_all()


class _Parser:
    def __init__(self, parsed: Parsed) -> None:
        self.parsed = parsed
        self.tokens = parsed.tokens
        self.templates: List[bool] = []  # whether each open literal is a t-string

    def error(self, msg: str, index: int, end_index: Optional[int] = None) -> TranspileError:
        """The error from token ``index`` to the end of ``end_index`` (or of itself)."""
        last = self.tokens[index if end_index is None else end_index]
        letter = "t" if self.templates[-1] else "f"
        return self.parsed.error(f"{letter}-string: " + msg, self.tokens[index].offset, last.end)

    def parse_all(self) -> List[FString]:
        found = []
        tokens = self.tokens
        i = 0
        n = len(tokens)
        while i < n:
            if tokens[i].kind in STARTS:
                node, i = self.fstring(i)
                found.append(node)
            else:
                i += 1
        return found

    def fstring(self, i: int) -> Tuple[FString, int]:
        tokens = self.tokens
        node = FString(i, tokens[i].kind == TSTRING_START)
        self.templates.append(node.template)
        i += 1
        while True:
            kind = tokens[i].kind
            if kind in MIDDLES:
                node.parts.append(Literal(i))
                i += 1
            elif kind in ENDS:
                node.end = i
                self.templates.pop()
                return node, i + 1
            else:  # the lexer only lets "{" start a field here
                field, i = self.field(i)
                node.parts.append(field)

    def skip_trivia(self, i: int) -> int:
        tokens = self.tokens
        while tokens[i].kind in TRIVIA:
            i += 1
        return i

    def field(self, i: int) -> Tuple[Field, int]:
        tokens = self.tokens
        field = Field(i)
        i += 1
        depth = 0
        first_code: Optional[int] = None
        while True:
            token = tokens[i]
            kind = token.kind
            if kind in TRIVIA:
                i += 1
                continue
            if kind == OP and depth == 0 and token.text in _FIELD_ENDS:
                break
            if first_code is None:
                first_code = i
            if kind in STARTS:
                nested, i = self.fstring(i)
                field.fstrings.append(nested)
                continue
            if kind == OP:
                if token.text in _OPENING:
                    depth += 1
                elif token.text in _CLOSING:
                    depth -= 1
            i += 1
        if first_code is None:
            raise self.error(f"valid expression required before '{token.text}'", i)
        first = tokens[first_code]
        if first.kind == NAME and first.text == "lambda" and token.text != "}":
            raise self.error(
                "lambda expressions are not allowed without parentheses", first_code, i
            )
        field.expr_end = i
        if token.text == "=":
            field.equals = i
            i = self.skip_trivia(i + 1)
            field.debug_end = i
            token = tokens[i]
            if not (token.kind == OP and token.text in ("!", ":", "}")):
                raise self.error("expecting '!', or ':', or '}'", i)
        if token.text == "!":
            i = self.conversion(field, i)
            token = tokens[i]
            if not (token.kind == OP and token.text in (":", "}")):
                raise self.error("expecting ':' or '}'", i)
        if token.text == ":":
            field.colon = i
            field.spec, i = self.spec(i + 1)
        field.close = i
        return field, i + 1

    def conversion(self, field: Field, bang: int) -> int:
        """Check ``!s``, ``!r`` or ``!a``; return the index after it and trivia."""
        tokens = self.tokens
        i = bang + 1
        token = tokens[i]
        if token.kind in TRIVIA:
            after = self.skip_trivia(i)
            if tokens[after].kind == NAME:
                raise self.error(
                    "conversion type must come right after the exclamation mark",
                    bang,
                    after,
                )
            raise self.error("missing conversion character", after)
        if token.kind == OP and token.text in (":", "}"):
            raise self.error("missing conversion character", i)
        if token.text not in ("s", "r", "a"):
            raise self.error(
                f"invalid conversion character '{token.text}': expected 's', 'r', or 'a'",
                i,
            )
        field.conversion = i
        return self.skip_trivia(i + 1)

    def spec(self, i: int) -> Tuple[List[Part], int]:
        """Parts of a format spec; return them and the index of the closing ``}``."""
        tokens = self.tokens
        parts: List[Part] = []
        while True:
            token = tokens[i]
            if token.kind in MIDDLES:
                parts.append(Literal(i))
                i += 1
            elif token.text == "{":
                field, i = self.field(i)
                parts.append(field)
            else:  # the lexer ends a spec only at its field's "}"
                return parts, i
