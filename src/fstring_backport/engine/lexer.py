"""A lossless tokenizer for Python 3.12-3.15 source that runs on Python 3.8+.

Every character of the input belongs to exactly one token, so
``"".join(t.text for t in tokenize(src)) == src`` for any input.  Besides the
token kinds of the standard ``tokenize`` module it produces ``WHITESPACE``
(blanks between tokens, a UTF-8 BOM) and ``CONTINUATION`` (a backslash and the
line break it escapes), which CPython's module leaves out.

F-strings follow PEP 701: ``FSTRING_START``, then ``FSTRING_MIDDLE`` pieces
and replacement fields lexed as ordinary Python, then ``FSTRING_END``.  A
stack holds one :class:`_FStringMode` per open f-string; the bracket depth at
which the f-string began and the number of format specs open in it decide
whether the next character is literal text or code.  T-strings (PEP 750,
3.14) are lexed exactly as f-strings, as ``TSTRING_START``, ``TSTRING_MIDDLE``
and ``TSTRING_END``, with "t-string" in their error messages; the two nest in
each other.  Errors follow CPython 3.15.  A token carries only its
offset; :class:`~.parsed.LineIndex` turns offsets into (line, column) when
needed, which keeps the hot loop small.  :func:`lex` returns a
:class:`~.parsed.Parsed`, which the later steps take whole.
"""

import gc
import re
from typing import Dict, List, NamedTuple, NoReturn, Tuple

from . import lexical
from .errors import TranspileError
from .lexical import QUOTES, closing, is_raw, prefix_of, string_body, template_letter
from .parsed import Parsed

# The body and closing quote of a plain literal, by its opening quote
# (compiled here, with the full path: the quick check has patterns of its own).
STRING_BODY = {quote: re.compile(string_body(quote) + closing(quote)) for quote in QUOTES}

NAME = "NAME"
NUMBER = "NUMBER"
STRING = "STRING"
OP = "OP"
COMMENT = "COMMENT"
NEWLINE = "NEWLINE"
NL = "NL"
INDENT = "INDENT"
DEDENT = "DEDENT"
ENDMARKER = "ENDMARKER"
FSTRING_START = "FSTRING_START"
FSTRING_MIDDLE = "FSTRING_MIDDLE"
FSTRING_END = "FSTRING_END"
TSTRING_START = "TSTRING_START"
TSTRING_MIDDLE = "TSTRING_MIDDLE"
TSTRING_END = "TSTRING_END"
WHITESPACE = "WHITESPACE"
CONTINUATION = "CONTINUATION"
# What code may hold between any two tokens without changing its meaning.
TRIVIA = frozenset((WHITESPACE, COMMENT, NL, CONTINUATION))

# Limits CPython enforces in its tokenizer (Parser/lexer/state.h).
MAX_BRACKET_DEPTH = 200
MAX_FSTRING_DEPTH = 150
MAX_SPEC_DEPTH = 3  # a field may sit in the spec of at most two others


class Token(NamedTuple):
    kind: str
    text: str
    offset: int

    @property
    def end(self) -> int:
        return self.offset + len(self.text)


_DIGITS = r"[0-9](?:_?[0-9])*"
_EXPONENT = r"[eE][-+]?" + _DIGITS
_POINTFLOAT = rf"(?:{_DIGITS}\.(?:{_DIGITS})?|\.{_DIGITS})(?:{_EXPONENT})?"
_EXPFLOAT = _DIGITS + _EXPONENT
_NUMBER = (
    rf"(?:{_DIGITS}|{_POINTFLOAT}|{_EXPFLOAT})[jJ]"  # imaginary
    rf"|{_POINTFLOAT}|{_EXPFLOAT}"  # float
    r"|0[xX](?:_?[0-9a-fA-F])+|0[bB](?:_?[01])+|0[oO](?:_?[0-7])+"
    rf"|{_DIGITS}"
)
_OPERATOR = (
    r"\*\*=|//=|>>=|<<=|\.\.\.|->|:=|\*\*|//|>>|<<|<=|>=|==|!="
    r"|[-+*/%&|^@]="
    r"|[-+*/%&|^~<>=.,:;@()\[\]{}!]"
)
# One alternative per kind; dispatch is on ``lastgroup``.  Strings come before
# names so that a prefix such as ``rb`` followed by a quote is not a name.
_REGULAR = re.compile(
    r"(?P<WHITESPACE>" + lexical.BLANK + r"+)"
    r"|(?P<NEWLINE>" + lexical.LINE_BREAK + r")"
    r"|(?P<COMMENT>" + lexical.COMMENT + r")"
    r"|(?P<STRING>" + lexical.PREFIX + lexical.group(*lexical.QUOTES_LONGEST_FIRST) + r")"
    # Prefix letters that make no string prefix, a quote next: CPython
    # refuses two that do not combine, and reads a letter repeated as a name.
    r"|(?P<BAD_PREFIX>" + lexical.one_of(lexical.PREFIX_LETTERS) + "{2,5}"
    + lexical.followed_by(lexical.one_of(lexical.QUOTE_CHARACTERS)) + ")"
    r"|(?P<NAME>(?:[^\W\d]|[^\x00-\x7f])(?:\w|[^\x00-\x7f])*)"
    r"|(?P<NUMBER>" + _NUMBER + r")"
    r"|(?P<OP>" + _OPERATOR + r")"
    r"|(?P<CONTINUATION>\\" + lexical.group(lexical.LINE_BREAK) + r")"
)
_BAD_PREFIX = "BAD_PREFIX"
_INDENT = re.compile(lexical.BLANK + "*")
# Where a single-quoted literal with no closing quote stops: its line's end.
_TO_LINE_END = re.compile(lexical.line_body(""))
# After a number: the ASCII characters that continue a name, and the words
# that may follow a number in valid code (CPython's verify_end_of_number).
_NAME_ASCII = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
_KEYWORDS_AFTER_NUMBERS = {"a": "and", "e": "else", "f": "for", "o": "or", "n": "not"}
_NUMBER_KINDS = {"0x": "hexadecimal", "0o": "octal", "0b": "binary"}
_BASE_LETTERS = frozenset("xXoObB")
# A decimal integer with leading zeros and another digit (group 1: the zeros).
_LEADING_ZEROS = re.compile(r"(0(?:_?0)*)_?[1-9](?:_?[0-9])*")
_LEADING_ZEROS_MESSAGE = (
    "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers"
)


def _continues_name(ch: str) -> bool:
    return ch != "" and (ch in _NAME_ASCII or not ch.isascii())


def _fstring_text(quote: str, raw: bool, state: int) -> "re.Pattern[str]":
    """A run of literal text inside an f-string, up to ``{``, ``}`` or its end.

    ``{{`` and ``}}`` are text outside format specs (``state`` TEXT); in a
    spec every brace opens or closes a field (SPEC), but for ``{{`` where the
    spec resumes after a field of its own (RESUMED: CPython's tokenizer
    forgets it is in a spec once it meets a brace there, and ``}}`` cannot
    be text at that depth).  A backslash never escapes a brace, and
    ``\\N{...}`` is one escape except in raw f-strings.
    """
    q = re.escape(quote[0])
    stop = r"\\{}" + (q if len(quote) == 3 else q + r"\r\n")
    pieces = [r"[^" + stop + r"]+"]
    if len(quote) == 3:
        pieces.append(rf"{q}(?!{q}{q})")
    if not raw:
        pieces.append(r"\\N\{[^{}\r\n]*\}")
    pieces.append(r"\\(?:\r\n|[^{}])?")
    if state == TEXT:
        pieces.append(r"\{\{|\}\}")
    elif state == RESUMED:
        pieces.append(r"\{\{")
    return re.compile("(?:" + "|".join(pieces) + ")*")


TEXT, SPEC, RESUMED = 0, 1, 2  # where literal text of an f-string stands
_FSTRING_TEXT = {
    (q, raw, state): _fstring_text(q, raw, state)
    for q in lexical.QUOTES
    for raw in (False, True)
    for state in (TEXT, SPEC, RESUMED)
}
_CLOSING = {")": "(", "]": "[", "}": "{"}
_CLOSERS = {opening: closing for closing, opening in _CLOSING.items()}
# A string's opening (prefix and quote) -> (quote, "f", "t" or "", raw):
# a few dozen kinds, looked up once per string instead of read again.
_OPENINGS: Dict[str, Tuple[str, str, bool]] = {}


def _opening(start: str) -> Tuple[str, str, bool]:
    prefix = prefix_of(start)
    known = _OPENINGS[start] = (start[len(prefix) :], template_letter(prefix), is_raw(prefix))
    return known


class _FStringMode:
    """What the lexer needs to know about one open f-string or t-string.

    Where the lexer stands in it follows from how many brackets are open
    (the ``{`` of each replacement field counts as one): at
    :attr:`text_depth`, the brackets open outside it plus one per format spec
    open in it, the lexer reads its literal text (:meth:`in_text`); one more
    is the top of a replacement field, where ``:`` opens a format spec
    (:meth:`at_field_top`); more is inside a field's code.
    """

    __slots__ = ("quote", "raw", "depth", "text_depth", "spec_unresumed", "colons", "start", "letter", "middle", "end")

    def __init__(self, quote: str, raw: bool, depth: int, start: int, letter: str) -> None:
        self.quote = quote
        self.raw = raw
        self.depth = depth  # brackets open outside the f-string
        self.text_depth = depth  # and one per format spec open in it
        # CPython's flag in_format_spec: set by the ":" that opens a spec,
        # cleared by the next brace in its text, so not set again where the
        # spec resumes after a field of its own.
        self.spec_unresumed = False
        self.colons: List[int] = []  # token index of the ":" of each open spec
        self.start = start  # offset of its prefix, for error messages
        self.letter = letter  # "f" or "t", as in CPython's messages
        if letter == "t":
            self.middle, self.end = TSTRING_MIDDLE, TSTRING_END
        else:
            self.middle, self.end = FSTRING_MIDDLE, FSTRING_END

    def in_text(self, open_brackets: int) -> bool:
        """Whether the lexer reads the f-string's text (its own or a spec's)."""
        return open_brackets == self.text_depth

    def at_field_top(self, open_brackets: int) -> bool:
        """Whether the lexer is directly inside a replacement field's braces."""
        return open_brackets == self.text_depth + 1

    def open_specs(self) -> int:
        """How many format specs of the f-string are open (nested in one another)."""
        return self.text_depth - self.depth

    def any_spec_open(self) -> bool:
        return self.text_depth > self.depth

    def open_spec(self, colon: int) -> None:
        """The ``:`` at token index ``colon`` opens a format spec."""
        self.text_depth += 1
        self.spec_unresumed = True
        self.colons.append(colon)

    def close_spec(self) -> None:
        self.text_depth -= 1
        self.spec_unresumed = False
        self.colons.pop()

    def error_text(self, msg: str) -> str:
        return f"{self.letter}-string: {msg}"


def tokenize(text: str, filename: str = "<unknown>") -> List[Token]:
    """Split 3.12 source into tokens that cover every character."""
    return lex(text, filename).tokens


def lex(text: str, filename: str = "<unknown>", *, brackets_may_stay_open: bool = False) -> Parsed:
    """The text with its tokens, which cover every character (see :func:`tokenize`).

    ``brackets_may_stay_open`` reads the first part of a text (see
    :attr:`TranspileError.parser_errors_before`)."""
    # Tokens are tuples of strings and ints: they make no reference cycles,
    # yet the cycle collector would walk the growing list again and again
    # (10-13% of the time).  Off while lexing; on again if it was on.
    enabled = gc.isenabled()
    gc.disable()
    try:
        lexer = _Lexer(text, filename)
        lexer.brackets_may_stay_open = brackets_may_stay_open
        try:
            lexer.run()
        except TranspileError as error:
            if lexer.fstrings:
                error.parser_errors_before = lexer.fstrings[0].start
                error.in_fstring = True
            raise
        return lexer.parsed
    finally:
        if enabled:
            gc.enable()


def lex_fstring(text: str, start: int, filename: str = "<unknown>") -> Parsed:
    """The text with the tokens of the one f-string whose prefix is at ``start``.

    They are the tokens :func:`tokenize` gives that f-string in any file,
    since an f-string is lexed the same wherever it stands, but for the
    bracket limit: brackets open around it do not count here.  Raises
    :class:`TranspileError` where the f-string is not valid 3.12.
    """
    lexer = _Lexer(text, filename)
    opening = _REGULAR.match(text, start)
    if opening is None or opening.lastgroup != STRING or template_letter(opening.group()) != "f":
        raise lexer.error("no f-string starts here", start)
    lexer.one_fstring = True
    lexer.run(start)
    return lexer.parsed


class _Lexer:
    def __init__(self, text: str, filename: str) -> None:
        self.text = text
        self.parsed = Parsed(text, [], filename)
        self.tokens = self.parsed.tokens
        self.error = self.parsed.error
        self.brackets: List[Tuple[str, int]] = []  # (opening char, offset)
        self.fstrings: List[_FStringMode] = []
        self.indents: List[Tuple[int, int]] = [(0, 0)]  # (column, tabs as 1)
        self.one_fstring = False  # stop where the first f-string ends
        self.brackets_may_stay_open = False

    # -- errors ---------------------------------------------------------

    def unterminated(self, start: int, quote: str, what: str, scan_end: int) -> TranspileError:
        """CPython's message: located at the literal, detected where scanning stopped."""
        kind = "triple-quoted " if len(quote) == 3 else ""
        if scan_end and scan_end == len(self.text) and self.text[-1] in "\r\n":
            scan_end -= 1  # the input's last line break ends the last line
        detected = self.parsed.position(scan_end)[0]
        return self.error(
            f"unterminated {kind}{what} literal (detected at line {detected})", start
        )

    # -- main loop ------------------------------------------------------

    def run(self, pos: int = 0) -> List[Token]:
        """Lex from ``pos`` (the start of a line, or an f-string's prefix)."""
        text = self.text
        n = len(text)
        tokens = self.tokens
        append = tokens.append
        brackets = self.brackets
        fstrings = self.fstrings
        regular = _REGULAR.match
        new = tuple.__new__  # Token(...) without the Python-level __new__: this loop is hot
        line_start = not self.one_fstring  # indentation counts here
        line_has_code = False
        if pos == 0 and text.startswith("\ufeff"):
            append(new(Token, (WHITESPACE, "\ufeff", 0)))
            pos = 1
        while pos < n:
            if fstrings:
                mode = fstrings[-1]
                if len(brackets) == mode.text_depth:  # mode.in_text, inlined: the hot path
                    pos = self.fstring_text(mode, pos)
                    continue
            elif line_start:
                line_start = False
                pos = self.indentation(pos)
                if pos >= n:
                    break
            m = regular(text, pos)
            if m is None:
                raise self.bad_character(pos)
            kind = m.lastgroup
            end = m.end()
            if kind == WHITESPACE or kind == CONTINUATION:
                append(new(Token, (kind, text[pos:end], pos)))
            elif kind == NAME or kind == NUMBER:
                word = text[pos:end]
                if not word.isascii() and not word.isidentifier():
                    raise self.bad_identifier(word, pos)
                if kind == NUMBER and (end < n and text[end] in _NAME_ASCII or word[0] == "0" and word != "0"):
                    self.check_number(word, pos, end)
                append(new(Token, (kind, word, pos)))
                line_has_code = True
            elif kind == OP:
                op = text[pos:end]
                if op[0] in "([{":
                    if len(brackets) >= MAX_BRACKET_DEPTH:
                        raise self.error("too many nested parentheses", pos)
                    brackets.append((op, pos))
                elif op[0] in ")]}":
                    self.close_bracket(op, pos)
                elif op[0] == ":" and fstrings:
                    mode = fstrings[-1]
                    if mode.at_field_top(len(brackets)):
                        # A colon at the top of a replacement field starts
                        # its format spec, even where ":=" would follow.
                        mode.open_spec(len(tokens))
                        op = ":"
                        end = pos + 1
                append(new(Token, (OP, op, pos)))
                line_has_code = True
            elif kind == NEWLINE:
                if brackets or not line_has_code:
                    append(new(Token, (NL, text[pos:end], pos)))
                else:
                    append(new(Token, (NEWLINE, text[pos:end], pos)))
                if not brackets:
                    line_start = True
                    line_has_code = False
            elif kind == COMMENT:
                append(new(Token, (COMMENT, text[pos:end], pos)))
            elif kind == _BAD_PREFIX:  # letters that make no prefix, then a quote
                word = text[pos:end]
                self.check_prefix(word, pos)
                append(new(Token, (NAME, word, pos)))
                line_has_code = True
            else:  # a string, f-string or t-string opening
                end = self.string(pos, end)
                line_has_code = True
            pos = end
        if self.one_fstring and not self.fstrings:
            return tokens  # the f-string is complete
        self.finish(line_has_code)
        return tokens

    # -- pieces of the loop --------------------------------------------

    def indentation(self, pos: int) -> int:
        """Measure a logical line's indentation and emit INDENT/DEDENT."""
        text = self.text
        end = _INDENT.match(text, pos).end()  # type: ignore[union-attr]  # matches always, if only the empty string
        ws = text[pos:end]
        if end == len(text) or text[end] in "#\r\n\\":
            # Blank and comment-only lines do not take part in indentation.
            if ws:
                self.tokens.append(Token(WHITESPACE, ws, pos))
            return end
        col = alt = 0
        for ch in ws:
            if ch == " ":
                col += 1
                alt += 1
            elif ch == "\t":
                col = (col // 8 + 1) * 8
                alt += 1
            else:  # form feed resets the count, as in CPython
                col = alt = 0
        indents = self.indents
        top_col, top_alt = indents[-1]
        if col > top_col:
            if alt <= top_alt:
                raise self.tab_error(end)
            indents.append((col, alt))
            self.tokens.append(Token(INDENT, ws, pos))
            return end
        if ws:
            self.tokens.append(Token(WHITESPACE, ws, pos))
        while col < indents[-1][0]:
            indents.pop()
            self.tokens.append(Token(DEDENT, "", end))
        if col != indents[-1][0]:
            # CPython puts this one a column past the end of the line.
            line_end = end
            while line_end < len(self.text) and self.text[line_end] not in "\r\n":
                line_end += 1
            raise self.error(
                "unindent does not match any outer indentation level",
                line_end,
                cls=_IndentationError,
            )
        if alt != indents[-1][1]:
            raise self.tab_error(end)
        return end

    def tab_error(self, offset: int) -> TranspileError:
        return self.error(
            "inconsistent use of tabs and spaces in indentation", offset, cls=_TabError
        )

    def bad_character(self, pos: int) -> TranspileError:
        ch = self.text[pos]
        if ch == "\\":
            return self.error("unexpected character after line continuation character", pos)
        if ch == "\0":
            return self.error("source code cannot contain null bytes", pos)
        if not ch.isprintable():
            return self.error(f"invalid non-printable character U+{ord(ch):04X}", pos)
        return self.error(f"invalid character '{ch}' (U+{ord(ch):04X})", pos)

    def check_number(self, number: str, start: int, end: int) -> None:
        """CPython's errors for a number that starts with 0 or runs into a name.

        A letter, digit or "_" right after a number is an error, but for a
        keyword that may follow a number in valid code (``1if x else y``),
        which CPython 3.12 lets through with a warning.
        """
        text = self.text
        after = text[end : end + 1]
        if number == "0" and after in _BASE_LETTERS:  # "0x" and no hex digit
            self.no_digits_after_base(_NUMBER_KINDS["0" + after.lower()], end)
        if number[-1] in "jJ":
            kind = "imaginary"
        else:
            kind = _NUMBER_KINDS.get(number[:2].lower(), "decimal")
            if after == "_":  # a "_" not followed by a digit, reported at the "_"
                raise self.error(f"invalid {kind} literal", end)
            if kind in ("binary", "octal") and "0" <= after <= "9":
                raise self.error(f"invalid digit '{after}' in {kind} literal", end)
            leading_zeros = _LEADING_ZEROS.fullmatch(number)
            if leading_zeros:
                raise self.error(_LEADING_ZEROS_MESSAGE, start, start + leading_zeros.end(1))
        if not after or after not in _NAME_ASCII:
            return
        if after == "i":
            if text[end + 1 : end + 2] in ("f", "n", "s"):  # CPython looks no further
                return
        else:
            keyword = _KEYWORDS_AFTER_NUMBERS.get(after, "")
            following = text[end + len(keyword) : end + len(keyword) + 1]
            if keyword and text.startswith(keyword, end) and not _continues_name(following):
                return
        raise self.error(f"invalid {kind} literal", end - 1)

    def no_digits_after_base(self, kind: str, letter: int) -> None:
        """``0x``, ``0o`` or ``0b`` not followed by a digit of its base."""
        text = self.text
        first = letter + 1
        if text[first : first + 1] == "_":
            first += 1
        digit = text[first : first + 1]
        if kind != "hexadecimal" and "0" <= digit <= "9":
            raise self.error(f"invalid digit '{digit}' in {kind} literal", first)
        raise self.error(f"invalid {kind} literal", first - 1)

    def check_prefix(self, word: str, pos: int) -> None:
        """Prefix letters before a quote that no string takes.

        As CPython: distinct letters are a prefix whose incompatible letters
        are an error; with a letter repeated, they are a name.
        """
        letters = word.lower()
        if len(set(letters)) < len(letters):
            return
        for pair in lexical.INCOMPATIBLE_PREFIX_LETTERS:
            if pair[0] in letters and pair[1] in letters:
                raise self.error(
                    f"'{pair[0]}' and '{pair[1]}' prefixes are incompatible",
                    pos,
                    pos + len(word),
                )

    def bad_identifier(self, word: str, pos: int) -> TranspileError:
        # Like CPython: a name's non-ASCII letters are checked as a whole,
        # and the first character that cannot belong to a name is reported.
        for i in range(len(word)):
            if not ("a" + word[: i + 1]).isidentifier():
                return self.bad_character(pos + i)
        return self.bad_character(pos)

    def close_bracket(self, op: str, pos: int) -> None:
        brackets = self.brackets
        fstrings = self.fstrings
        if fstrings and op != "}":
            mode = fstrings[-1]
            if mode.at_field_top(len(brackets)):
                raise self.error(mode.error_text(f"unmatched '{op}'"), pos)
        if not brackets:
            raise self.error(f"unmatched '{op}'", pos)
        opening, _ = brackets[-1]
        if opening != _CLOSING[op]:
            raise self.error(
                f"closing parenthesis '{op}' does not match opening parenthesis '{opening}'",
                pos,
            )
        brackets.pop()

    def string(self, pos: int, end: int) -> int:
        """Lex a string literal, or open an f-string or t-string; return the new offset."""
        text = self.text
        start = text[pos:end]
        quote, letter, raw = _OPENINGS.get(start) or _opening(start)
        if letter:
            if len(self.fstrings) + 1 >= MAX_FSTRING_DEPTH:  # the 150th is refused
                # CPython reports it at the last character of the opening.
                raise self.error("too many nested f-strings or t-strings", end - 1)
            self.fstrings.append(_FStringMode(quote, raw, len(self.brackets), pos, letter))
            self.tokens.append(Token(TSTRING_START if letter == "t" else FSTRING_START, start, pos))
            return end
        m = STRING_BODY[quote].match(text, end)
        if m is None:
            self.unterminated_string(pos, quote, end)
        self.tokens.append(Token(STRING, text[pos : m.end()], pos))
        return m.end()

    def unterminated_string(self, pos: int, quote: str, body: int) -> NoReturn:
        if len(quote) == 3:
            scan_end = len(self.text)
        else:
            scan_end = _TO_LINE_END.match(self.text, body).end()  # type: ignore[union-attr]  # matches always, if only the empty string
        fstrings = self.fstrings
        if fstrings and fstrings[-1].quote == quote:
            # Inside a replacement field a quote like the f-string's own that
            # opens nothing valid means the field was never closed.
            raise self.error(fstrings[-1].error_text("expecting '}'"), pos)
        raise self.unterminated(pos, quote, "string", scan_end)

    def fstring_text(self, mode: _FStringMode, pos: int) -> int:
        """Lex literal text of an f-string up to a field, the spec's end or its end."""
        text = self.text
        tokens = self.tokens
        state = (SPEC if mode.spec_unresumed else RESUMED) if mode.any_spec_open() else TEXT
        end = _FSTRING_TEXT[(mode.quote, mode.raw, state)].match(text, pos).end()  # type: ignore[union-attr]  # matches always, if only the empty string
        if end > pos:
            tokens.append(Token(mode.middle, text[pos:end], pos))
        if end >= len(text):
            raise self.unclosed_fstring(mode)
        ch = text[end]
        if ch == "{":
            if mode.open_specs() >= MAX_SPEC_DEPTH:
                # CPython reports this one a column early; so do we.
                raise self.error(mode.error_text("expressions nested too deeply"), end - 1)
            if len(self.brackets) >= MAX_BRACKET_DEPTH:
                raise self.error("too many nested parentheses", end)
            mode.spec_unresumed = False
            self.brackets.append(("{", end))
            tokens.append(Token(OP, "{", end))
            return end + 1
        if ch == "}":
            if not mode.any_spec_open():
                raise self.error(mode.error_text("single '}' is not allowed"), end)
            mode.close_spec()
            self.brackets.pop()
            tokens.append(Token(OP, "}", end))
            return end + 1
        if ch == "\r" or ch == "\n":  # only single-quoted f-strings stop here
            raise self.line_break(mode, end)
        if mode.any_spec_open():
            raise self.spec_not_closed(mode, end)
        tokens.append(Token(mode.end, mode.quote, end))
        self.fstrings.pop()
        if self.one_fstring and not self.fstrings:
            return len(text)  # that was the one f-string: stop the main loop
        return end + len(mode.quote)

    def line_break(self, mode: _FStringMode, offset: int) -> TranspileError:
        """A single-quoted f-string's text ends at a line break (or the input's end)."""
        if mode.any_spec_open() and mode.spec_unresumed:
            # 3.12 ended the spec there; 3.13.2+ refuse it (gh-129958).
            return self.error(
                mode.error_text(
                    f"newlines are not allowed in format specifiers for single quoted {mode.letter}-strings"
                ),
                offset,
            )
        return self.unterminated(mode.start, mode.quote, mode.letter + "-string", offset)

    def spec_not_closed(self, mode: _FStringMode, quote: int) -> TranspileError:
        """The f-string's quote inside a format spec.

        CPython's parser reports it at the quote for f-strings, at the
        spec's first piece of text, if any, for t-strings.
        """
        offset, end = quote, quote + len(mode.quote)
        if mode.letter == "t":
            tokens = self.tokens
            depth = 0
            for token in tokens[mode.colons[-1] + 1 :]:
                if token.kind == OP and token.text in ("{", "}"):
                    depth += 1 if token.text == "{" else -1
                elif token.kind == TSTRING_MIDDLE and depth == 0:
                    offset, end = token.offset, token.end
                    break
        error = self.error(mode.error_text("expecting '}', or format specs"), offset, end)
        if len(self.fstrings) == 1:
            # CPython's tokenizer ended the f-string at the quote and goes on.
            error.tokenizer_resumes = (quote + len(mode.quote), mode.start, tuple(self.brackets[mode.depth :]))
        return error

    def never_closed(self) -> TranspileError:
        opening, offset = self.brackets[-1]
        error = self.error(f"'{opening}' was never closed", offset)
        line_starts = self.parsed.lines.starts
        line = self.parsed.position(offset)[0]
        error.parser_errors_before = line_starts[line] if line < len(line_starts) else len(self.text)
        return error

    def closing(self) -> str:
        """What closes the brackets and f-strings open here, innermost first."""
        modes = list(self.fstrings)
        out = []
        for depth in range(len(self.brackets) - 1, -1, -1):
            while modes and modes[-1].depth > depth:
                out.append(modes.pop().quote)
            out.append(_CLOSERS[self.brackets[depth][0]])
        out.extend(mode.quote for mode in reversed(modes))
        return "".join(out)

    def unclosed_fstring(self, mode: _FStringMode) -> TranspileError:
        """The input ended inside an f-string: blame what 3.15 blames."""
        if not mode.in_text(len(self.brackets)):
            error = self.never_closed()  # in a field's code
            error.closing = self.closing()
            return error
        if len(mode.quote) == 1:  # CPython's input ends in a line break
            return self.line_break(mode, len(self.text))
        return self.unterminated(mode.start, mode.quote, mode.letter + "-string", len(self.text))

    def finish(self, line_has_code: bool) -> None:
        """Report what was left open, then close the last line and blocks."""
        n = len(self.text)
        if self.fstrings:
            raise self.unclosed_fstring(self.fstrings[-1])
        if self.brackets and not self.brackets_may_stay_open:
            raise self.never_closed()
        tokens = self.tokens
        if line_has_code:
            tokens.append(Token(NEWLINE, "", n))
        elif n and self.text[-1] not in "\r\n":
            tokens.append(Token(NL, "", n))  # a last line of only blanks or a comment
        for _ in self.indents[1:]:
            tokens.append(Token(DEDENT, "", n))
        tokens.append(Token(ENDMARKER, "", n))


class _IndentationError(TranspileError, IndentationError):
    pass


class _TabError(_IndentationError, TabError):
    pass

