"""String literal text: what it means, and how to write a value back.

Escape decoding follows the language reference, so it does not depend on the
running Python's own string parser.
"""

import re
import unicodedata
from typing import Optional, Sequence, Union

from .lexical import QUOTES, is_raw, prefix_of, quote_of, string_body

# Where a literal's body starting anywhere would meet its quote, by the quote.
UNTIL_QUOTE = {quote: re.compile(string_body(quote)) for quote in QUOTES}

_SIMPLE_ESCAPES = {
    "\n": "",  # a backslash before a line break joins the lines
    "\\": "\\",
    "'": "'",
    '"': '"',
    "a": "\a",
    "b": "\b",
    "f": "\f",
    "n": "\n",
    "r": "\r",
    "t": "\t",
    "v": "\v",
}
_ESCAPE = re.compile(
    r"\\(?:(?P<octal>[0-7]{1,3})|x(?P<hex>[0-9a-fA-F]{2})|u(?P<u4>[0-9a-fA-F]{4})"
    r"|U(?P<u8>[0-9a-fA-F]{8})|N\{(?P<name>[^}]*)\}|(?P<other>[\s\S]))"
)


def normalise_newlines(text: str) -> str:
    """Line breaks as CPython sees them after reading a source file."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def decode_escapes(text: str) -> str:
    """The value of the body of a non-raw ``str`` literal.

    Raises ValueError for an unknown ``\\N{...}`` name, as Python does.
    """

    def replace(m: "re.Match[str]") -> str:
        if m.group("octal") is not None:
            return chr(int(m.group("octal"), 8))
        for group in ("hex", "u4", "u8"):
            if m.group(group) is not None:
                return chr(int(m.group(group), 16))
        if m.group("name") is not None:
            try:
                return unicodedata.lookup(m.group("name"))
            except KeyError:
                raise ValueError(
                    "(unicode error) 'unicodeescape' codec can't decode bytes: "
                    "unknown Unicode character name {!r}".format(m.group("name"))
                ) from None
        other = m.group("other")
        return _SIMPLE_ESCAPES.get(other, "\\" + other)

    return _ESCAPE.sub(replace, text)


def fstring_text_value(text: str, raw: bool) -> str:
    """The value of a piece of f-string literal text (``FSTRING_MIDDLE``)."""
    halved = halve_braces(normalise_newlines(text), raw)
    return halved if raw else decode_escapes(halved)


def halve_braces(text: str, raw: bool) -> str:
    """F-string literal text with its doubled braces halved: the body of a
    plain literal with the same value (``\\N{...}`` escapes kept whole)."""
    if raw:
        return text.replace("{{", "{").replace("}}", "}")
    pieces = re.split(r"(\\N\{[^{}]*\}|\\\\)", text)
    for i in range(0, len(pieces), 2):
        pieces[i] = pieces[i].replace("{{", "{").replace("}}", "}")
    return "".join(pieces)


def body_end(source: str, start: int, delimiter: str) -> int:
    """Where a literal body starting at ``start`` would meet its delimiter."""
    return UNTIL_QUOTE[delimiter].match(source, start).end()  # type: ignore[union-attr]  # matches always, if only the empty string


def text_fits(text: str, delimiter: str) -> bool:
    """Is ``text`` (escapes allowed) valid between a pair of ``delimiter``?"""
    return body_end(text, 0, delimiter) == len(text)


def fits_in(text: str, delimiter: str) -> bool:
    """Can ``text`` stand inside a literal with this delimiter, unescaped?

    Pre-3.12 Pythons scan an f-string like a plain string first, so every
    piece of it, nested strings included, must pass this for every
    enclosing delimiter.
    """
    char = delimiter[0]
    if len(delimiter) == 1:
        return char not in text and "\n" not in text and "\r" not in text
    return delimiter not in text


def fits_among(text: str, context: Sequence[str]) -> bool:
    """Can ``text`` stand, unescaped, inside every enclosing literal?

    ``context`` holds the delimiters of the f-strings around it (see
    :func:`fits_in`).
    """
    return all(fits_in(text, delimiter) for delimiter in context)


def encode_text(
    value: str, delimiter: str, raw: bool, encoding: str = "utf-8", braces: bool = True
) -> Optional[str]:
    """Write ``value`` as f-string literal text for ``delimiter``, on one line.

    Returns None when that cannot be done (raw text with a backslash, a
    quote, a line break or a character the file's encoding lacks).
    ``braces`` doubles ``{`` and ``}``.
    """
    if braces:
        value = value.replace("{", "{{").replace("}", "}}")
    char = delimiter[0]
    if raw:
        if "\\" in value or "\n" in value or "\r" in value or char in value:
            return None
        return value if _encodable(value, encoding) else None
    out = []
    for ch in value:
        if ch == "\\":
            out.append("\\\\")
        elif ch == char:
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\t" or (ch.isprintable() and _encodable(ch, encoding)):
            out.append(ch)
        else:
            out.append(ascii(ch)[1:-1])  # \x.., \u.... or \U........
    return "".join(out)


def constant_source(value: object, encoding: str = "utf-8") -> str:
    """One line of source for a str or bytes constant, in the file's encoding."""
    text = repr(value)
    return text if _encodable(text, encoding) else ascii(value)


def _encodable(text: str, encoding: str) -> bool:
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return False
    return True


_BYTES_ESCAPE = re.compile(r"\\(?:(?P<octal>[0-7]{1,3})|x(?P<hex>[0-9a-fA-F]{2})|(?P<other>[\s\S]))")


def _decode_bytes_escapes(text: str) -> bytes:
    """The value of the body of a non-raw bytes literal (ASCII text)."""

    def replace(m: "re.Match[str]") -> str:
        if m.group("octal") is not None:
            return chr(int(m.group("octal"), 8) & 0xFF)
        if m.group("hex") is not None:
            return chr(int(m.group("hex"), 16))
        other = m.group("other")
        return _SIMPLE_ESCAPES.get(other, "\\" + other)  # \u, \N: no escapes in bytes

    return _BYTES_ESCAPE.sub(replace, text).encode("latin-1")


def literal_value(text: str) -> Union[str, bytes]:
    """The value of one string or bytes literal token (not an f-string)."""
    prefix = prefix_of(text)
    quote = quote_of(text, len(prefix))
    body = normalise_newlines(text[len(prefix) + len(quote) : len(text) - len(quote)])
    if "b" in prefix or "B" in prefix:
        return body.encode("latin-1") if is_raw(prefix) else _decode_bytes_escapes(body)
    return body if is_raw(prefix) else decode_escapes(body)


def spell_inline(value: Union[str, bytes], context: Sequence[str], encoding: str = "utf-8") -> Optional[str]:
    """Source for ``value`` with no backslash and no name, that fits in every
    delimiter of ``context``; None when no quote is left for it.

    A character no literal text can hold (a line break, a tab, a backslash,
    a quote of the enclosing f-strings, a control character, one the file's
    encoding lacks) goes in with ``%c``: ``("a%cb" % (10,))`` is ``"a\\nb"``.
    ``str.__mod__`` looks up no name and nothing can shadow it; measured on
    3.8 and 3.11 it costs less than the other such spelling, an f-string
    ``f"a{10:c}b"``, and PyPy folds it away.
    """
    for quote in QUOTES:
        # Quote characters of the enclosing f-strings go in with %c too.
        forbidden = "\\\r\n" + quote[0] + "".join(delimiter[0] for delimiter in context)
        text = _inline(value, quote, forbidden, encoding)
        if fits_among(text, context):
            return text
    return None


def _inline(value: Union[str, bytes], quote: str, forbidden: str, encoding: str) -> str:
    if isinstance(value, bytes):
        prefix, chars = "b", value.decode("latin-1")

        def as_itself(ch: str) -> bool:
            return " " <= ch < "\x7f" and ch not in forbidden

    else:
        prefix, chars = "", value

        def as_itself(ch: str) -> bool:
            return ch not in forbidden and ch.isprintable() and _encodable(ch, encoding)

    if all(as_itself(ch) for ch in chars):
        return prefix + quote + chars + quote
    spelled = []
    codes = []
    for ch in chars:
        if as_itself(ch):
            spelled.append("%%" if ch == "%" else ch)
        else:
            spelled.append("%c")
            codes.append(str(ord(ch)))
    return "({}{}{}{} % ({},))".format(prefix, quote, "".join(spelled), quote, ", ".join(codes))
