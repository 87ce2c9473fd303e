"""The lexical facts of Python 3.12+ source, stated once.

The lexer, the quick check and the literal writer all read string literals,
line breaks, blanks and comments; they build their patterns from the pieces
here, so they cannot disagree.  Patterns are regular expression text, all
ASCII, so the quick check can compile them for bytes.  The combinators
(:func:`group`, :func:`any_of`, :func:`maybe`, ...) are those of CPython's
``Lib/tokenize.py``, non-capturing.
"""

import re

# -- combinators ---------------------------------------------------------


def group(*choices: str) -> str:
    """One of ``choices``."""
    return "(?:" + "|".join(choices) + ")"


def any_of(*choices: str) -> str:
    """Any number of ``choices``, one after the other."""
    return group(*choices) + "*"


def maybe(*choices: str) -> str:
    return group(*choices) + "?"


def one_of(characters: str) -> str:
    """A character class: one of ``characters`` (given as themselves)."""
    return "[" + _class_escape(characters) + "]"


def none_of(characters: str) -> str:
    """Any character but ``characters`` (given as themselves)."""
    return "[^" + _class_escape(characters) + "]"


def followed_by(pattern: str) -> str:
    return "(?=" + pattern + ")"


def not_followed_by(pattern: str) -> str:
    return "(?!" + pattern + ")"


def after(pattern: str) -> str:
    return "(?<=" + pattern + ")"


def not_after(pattern: str) -> str:
    return "(?<!" + pattern + ")"


def _class_escape(characters: str) -> str:
    escaped = {"\\": r"\\", "]": r"\]", "^": r"\^", "-": r"\-", "\r": r"\r", "\n": r"\n", "\t": r"\t", "\f": r"\f"}
    return "".join(escaped.get(ch, ch) for ch in characters)


# -- line breaks, blanks, comments ----------------------------------------

LINE_BREAK = r"\r\n|\r|\n"
LINE_BREAK_CHARACTERS = "\r\n"
BLANK = one_of(" \t\f")  # between tokens and in indentation
COMMENT = "#" + none_of(LINE_BREAK_CHARACTERS) + "*"
ANY_CHARACTER = r"[\s\S]"

# -- string literals --------------------------------------------------------

# In the order code is written with them; the lexer tries the longest first.
QUOTES = ("'", '"', "'''", '"""')
QUOTES_LONGEST_FIRST = ("'''", '"""', "'", '"')
QUOTE_CHARACTERS = "'\""

PREFIX_LETTERS = "bBrRuUfFtT"
# Every string prefix: r, b, f, t and u, and r with one of b, f or t.
PREFIX = maybe("[rR][bBfFtT]?", "[bBfFtT][rR]?", "[uU]")
# Letters of a prefix that do not combine, in the order CPython checks them.
INCOMPATIBLE_PREFIX_LETTERS = ("ub", "ur", "uf", "ut", "bf", "bt", "ft")


def prefixes_with(letter: str) -> "tuple[str, ...]":
    """Every string prefix that holds ``letter`` in either case, as
    :data:`PREFIX` reads them (``"f"``: f, F, fr, rf, fR, ...)."""
    whole = re.compile(PREFIX + r"\Z")
    spellings = (a + b for a in PREFIX_LETTERS for b in ("",) + tuple(PREFIX_LETTERS))
    return tuple(p for p in spellings if letter in p.lower() and whole.match(p))


def quote_of(literal: str, start: int = 0) -> str:
    """The quote that opens ``literal`` at ``start`` (after its prefix)."""
    triple = literal[start : start + 3]
    return triple if triple in ('"""', "'''") else literal[start : start + 1]


def prefix_of(literal: str) -> str:
    """The prefix letters of a literal, or of a literal's opening."""
    return literal[: len(literal) - len(literal.lstrip(PREFIX_LETTERS))]


def is_raw(prefix: str) -> bool:
    """Is a literal with this prefix (or this opening) raw?  Quotes have no r."""
    return "r" in prefix or "R" in prefix


def template_letter(prefix: str) -> str:
    """"f" for an f-string, "t" for a t-string, "" for any other literal."""
    letters = prefix.lower()
    return "t" if "t" in letters else "f" if "f" in letters else ""


def string_body(quote: str) -> str:
    """The body of a plain literal after its opening ``quote``, up to its closing one.

    A backslash escapes any character (a line break too); a single-quoted
    body holds no line break; a triple-quoted one holds its quote character
    only where two more do not follow.
    """
    q = re.escape(quote[0])
    if len(quote) == 3:
        return none_of("\\" + q) + "*" + any_of(
            group(r"\\" + ANY_CHARACTER, q + not_followed_by(q + q)) + none_of("\\" + q) + "*"
        )
    return line_body(q)


def line_body(stop: str) -> str:
    """A single-quoted body up to a line break or one of ``stop``, escapes allowed."""
    plain = none_of("\\" + LINE_BREAK_CHARACTERS + stop) + "*"
    return plain + any_of(r"\\" + group(r"\r\n", ANY_CHARACTER) + plain)


def closing(quote: str) -> str:
    """The closing quote, as a pattern."""
    return re.escape(quote[0]) * len(quote)

