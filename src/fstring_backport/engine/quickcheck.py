"""A fast, conservative answer to "does any f-string in this file need a rewrite?".

Most files that contain f-strings contain only ones that Python 3.8-3.11
already accept and read the same way (on the Python 3.13 standard library,
30 of 4,081).  Lexing a whole file to learn that costs far more than looking
at each f-string.  :func:`all_fstrings_plain` says True only when every
f-string in the text is one that :func:`oldsyntax.accepted_before_312`
accepts unchanged.  Most such f-strings are *plain*: a regular expression
(below) takes them whole.  The few others (deep brackets, nested f-strings
with fields, ``!=``) are lexed on their own and judged by ``oldsyntax``, as
the full path judges them.  When it says False nothing is known, and
:func:`engine.transpile` lexes the file in full.

Plain, spelled out (each rule keeps out one reason in ``oldsyntax`` for a
rewrite, or keeps the match's structure equal to the lexer's):

* literal text: no line break in a single-quoted f-string; a backslash only
  as an escape of a character other than a brace or ``N``, or alone before a
  brace (so raw and non-raw f-strings split alike and ``\\N{...}`` never
  comes up);
* a replacement field: an expression of ASCII names, numbers of digits and
  dots that run into no name (so none that the lexer rejects), operators,
  blanks and tabs, brackets nested at most :data:`BRACKET_LEVELS` deep, and
  one-line strings (see :func:`_nested_string`); no ``#``, backslash or line
  break anywhere in it; not starting with ``lambda`` or ``{``; at the top
  level no ``!`` but a conversion (so no ``!=``, where 3.12 cuts debug
  text), and no ``=`` but ``==``, ``<=``, ``>=`` or the debug ``=``, which
  must not follow an operator character (so that it is the lexer's ``=``
  token, not the end of ``+=``);
* then an optional debug ``=``, a conversion ``!r``/``!s``/``!a`` directly
  followed by ``:`` or ``}``, and a format spec of text without braces,
  backslashes, the f-string's quote or line breaks, and of fields without
  specs or debug ``=`` (no fields after a conversion, whose order 3.13+
  changed).

How it reads a file: as UTF-8 bytes, in two ways.

*Blind*, first: fold ``F``, ``r`` and ``R`` to ``f`` and ``"`` to ``'`` (one
``bytes.translate``), and visit every ``f'`` of the folded bytes with
``bytes.find``, which runs in C.  Every f-string prefix ends in ``f``,
``F``, ``r`` or ``R`` right before its quote, so every f-string the lexer
sees is among the places visited, together with some that lie inside strings
and comments (``'%f'``, ``# f"...``); which is which is not known.  At each
place where an f-string prefix could start, the plain pattern is tried from
the quote.  Where it matches, nothing needs knowing: if an f-string starts
there, it is plain.  Where it does not, the text is read *in context* from
the last place known to be code up to past that place, and blind reading
goes on from there.

*In context*, like the lexer, but only as far as strings go.  In code,
outside f-strings, the lexer changes mode only at a quote (a string or
f-string), at ``#`` (a comment) and at an f-string prefix.  One regular
expression match takes a run of code, comments and plain strings; it stops
at an f-string prefix, where the f-string must pass (the plain pattern, or
else lexed alone), and the reading goes on after it.

So the Python loop turns once per ``f'`` of the folded text, and reading
in context (the slower way) covers only as much of a file as runs up to the
last place the pattern refuses; for most files, nothing.

Why True means that the full path changes nothing:

1. Reading in context follows the lexer exactly: code characters leave it
   in code mode; a comment ends at the line break; a plain string's body is
   read by the lexer's own rules (``lexer.STRING_BODY``), which do not
   depend on its prefix, so the prefix letters may be read as code.  An
   ``f`` is taken as code only where no f-string prefix starts: after a
   letter, digit, ``_``, backslash or non-ASCII character (the lexer is then
   inside a name, or the text is not valid 3.12, which rejects ``1f''`` and
   a backslash before anything but a line break), except after an
   ``r``/``R`` that is itself at the start of a token (``rf''``).  So every
   f-string the lexer sees stops the run, and no f-string inside a string
   or comment does.  The same test (:data:`_AT_FSTRING_START`) picks, in
   blind reading, the places where an f-string could start.
2. A quote that opens no valid string (the lexer would raise) stops the run
   too, and the answer is False.
3. At an f-string, the plain pattern follows the lexer's rules for exactly
   the characters it admits; so a match covers the f-string the lexer
   sees, with the same fields, and the reading resumes in code mode after
   it.  An f-string nested in a field passes only as a string without
   braces or backslashes, which ``oldsyntax`` finds nothing to object to.
4. An f-string the pattern refuses is lexed alone
   (:func:`lexer.tokenize_fstring`: the tokens the whole-file lexer gives
   it, since nothing before an f-string changes how it is lexed), parsed,
   and passes only if ``accepted_before_312`` accepts it: the full path's
   own test, on the same tokens.  The reading resumes after its last token.
5. Blind reading visits every f-string the lexer sees (above).  Each one
   either matches the plain pattern (3), or is judged in context (1-4),
   where reading starts at a place in code: the start, or where the last
   reading in context ended.  Except one kind, passed over blind: a
   single-quoted f-string whose line ends before any brace, backslash or
   closing quote (``_UNTERMINATED``).  The lexer raises at such an
   f-string, so no file that has one is valid, and nothing is lost by
   leaving it unchanged; most such places lie inside strings (``'%f'``).
6. No file with a t-string (PEP 750) passes: the full path refuses them
   for targets before 3.14.  Every t-string prefix ends in ``t``, ``T``,
   ``r`` or ``R`` before its quote, so blind reading, which folds ``t`` and
   ``T`` too, visits each; where one can start (at the start of a token,
   not right after a quote: see :func:`_prefix_t`) the text is read in
   context, and there no quote right after ``t`` or ``tr`` opens a plain
   string (:data:`_NOT_AFTER_T`), so the reading stops and says False.  A
   string nested in a field is never taken after ``t`` or ``tr`` either,
   and an f-string lexed alone fails if it holds a t-string.
7. Every other f-string that the lexer or the f-string parser would reject
   fails the check (the pattern refuses it, then lexing or parsing it alone
   raises), so errors *in f-strings* are still reported, by the full path.
   Errors elsewhere in a file whose f-strings all pass (an unterminated
   string, bad indentation, an unmatched bracket, more than 200 brackets
   open around an f-string) are not looked for: such a file comes back
   unchanged, and Python reports the error when it compiles it.

The patterns are compiled for bytes: on UTF-8 they mean what they mean on
text (a character outside ASCII is bytes outside ASCII, all of which the
patterns treat alike), and a lookbehind of one character sees the last
byte of a character outside ASCII, which is outside ASCII too.

``tests/test_quickcheck.py`` checks on the 3.12 to 3.15 standard libraries,
the differential corpus and generated modules that whenever this says True,
the full path returns its input unchanged.
"""

import re
from typing import Dict, Optional, Union

from .errors import TranspileError
from .fstrings import parse_fstrings
from .lexer import TSTRING_START, tokenize_fstring
from .oldsyntax import accepted_before_312

# f(a) - deeper brackets are lexed (point 4 above).  Each level triples
# the patterns, and their compile time is paid by every process.
BRACKET_LEVELS = 1

QUOTES = ("'''", '"""', "'", '"')  # triple quotes first, as the lexer tries them

# Expression pieces that need no thought: ASCII names, numbers and the
# operators that cannot end a field or start anything.  Not here: quotes,
# brackets, ``!``, ``:``, ``=``, ``#``, ``\``, ``;``, ``$``, ``?``, ``` ` ```,
# line breaks and all non-ASCII characters.  A number is digits and dots run
# into no letter, digit, "_" or dot, with no "0" before a digit: the lexer
# rejects most numbers run into a name (``1r``, ``1.real``, ``007``), and the
# others (``1e5``, ``0x1f``, ``1_000``, ``1if``) are lexed instead.
# Whole names only: a name that could be split any way would let the engine
# backtrack through every split when a field does not match.
_NAME = r"(?<![A-Za-z0-9_])[A-Za-z_][A-Za-z0-9_]*(?![A-Za-z0-9_])"
_NUMBER = r"(?<![A-Za-z0-9_])(?!0[0-9])\.?[0-9][0-9.]*(?![A-Za-z0-9_.])"
_OPERATOR = r"[.,+\-*/%&|^~<>@]"
_CODE = "|".join([_NAME, _NUMBER, _OPERATOR])
_BLANK = r"[ \t]"
_COMPARISON = r"[<>=]="  # one token each; their "=" is no debug "="

# A letter, digit, "_", backslash or non-ASCII character: after one of these
# the lexer is not at the start of a token.  It is inside a name (Python 3.12
# rejects a number followed by a letter), or inside a string: code has a
# backslash only before a line break.  Spelled as "not one of the other ASCII
# characters": a class reaching past U+00FF takes the re module 4-8 ms to
# compile, in every process; this one takes 0.1 ms.
_WORD = r"[^\x00-/:-@\[\]^`{-\x7f]"
# An f-string's prefix, found by its "f" (a search skips fast to those):
# "f" or "fr" at the start of a token, or "rf" whose "r" is.
_FSTRING_PREFIX = r"[fF](?:(?<!{w}.)|(?<=[rR].)(?<!{w}..))[rR]?".format(w=_WORD)


# No quote after "t" or "tr" (any case) opens a plain string: there a t-string
# starts, or the text is not valid (a name before a string), and either way
# the answer is False.  So a t-string never passes as a name and a string.
_NOT_AFTER_T = r"(?<![tT])(?<![tT][rR])"


def _nested_string(quote: str) -> str:
    """A one-line string in a field of an f-string delimited by ``quote``.

    Its quote character is the other one (either, in a triple-quoted
    f-string); no quote, backslash, ``#`` or line break inside.  Braces only
    where no ``f`` or ``r`` comes right before it, so that it cannot be an
    f-string with fields.  Not followed by its own quote character, so that
    ``'''`` (a triple quote to the lexer) never passes as ``''`` and ``'``.
    Never right after ``t`` or ``tr`` (:data:`_NOT_AFTER_T`).
    """
    delimiters = "'\"" if len(quote) == 3 else ("'" if quote == '"' else '"')
    forms = []
    for o in delimiters:
        forms.append(r"(?<![fFrRtT]){o}[^'\"\\#\r\n]*{o}(?!{o})".format(o=o))
        forms.append(r"{n}{o}[^'\"\\#{{}}\r\n]*{o}(?!{o})".format(n=_NOT_AFTER_T, o=o))
    return "|".join(forms)


def _bracketed(quote: str, levels: int) -> str:
    """A bracket pair, ``levels`` deep at most; inside, ``:``, ``=`` and ``!`` are free."""
    inner = [_NAME, _NUMBER, r"[.,+\-*/%&|^~<>@:=! \t]", _nested_string(quote)]
    if levels > 1:
        inner.append(_bracketed(quote, levels - 1))
    body = "(?:" + "|".join(inner) + ")*"
    return r"(?:\({b}\)|\[{b}\]|\{{{b}\}})".format(b=body)


def _expression(quote: str) -> str:
    """A field's expression: code first (no ``lambda``), blanks around."""
    atom = "(?:" + "|".join(
        [_COMPARISON, _CODE, _nested_string(quote), _bracketed(quote, BRACKET_LEVELS)]
    ) + ")"
    return r"{b}*(?!lambda){a}(?:{a}|{b})*".format(a=atom, b=_BLANK)


def _plain_fstring(quote: str) -> str:
    """A plain f-string's body and closing quote, after its prefix."""
    q = re.escape(quote[0])
    triple = len(quote) == 3
    expression = _expression(quote)
    conversion = r"(?:![rsa](?=[:}]))"
    # "=" that is a token of its own: not the end of "+=", "<=", ":=" ...
    debug = r"(?:(?<![-+*/%&|^@<>=!:])={b}*)".format(b=_BLANK)
    spec_field = r"\{{{e}{c}?\}}".format(e=expression, c=conversion)
    spec = r"(?::(?:[^{{}}\\{q}\r\n]|{f})*)".format(q=q, f=spec_field)
    # "{{" is literal text to the lexer, never a field that starts with "{".
    # A conversion only before a spec without fields (3.13+ converts first).
    spec_text = r"(?::[^{{}}\\{q}\r\n]*)".format(q=q)
    field = r"\{{(?!\{{){e}{d}?(?:{c}{t}?|{s})?\}}".format(e=expression, d=debug, c=conversion, t=spec_text, s=spec)
    text = [
        r"[^{{}}\\{q}]".format(q=q) if triple else r"[^{{}}\\{q}\r\n]".format(q=q),
        r"\{\{",
        r"\}\}",
        # An escape, or a lone backslash before a brace; never "\N" (an
        # escape "\N{...}" in f-strings, two characters in raw ones).
        r"\\(?:\r\n|[^{}N]|(?=[{}]))",
    ]
    if triple:
        text.append(r"{q}(?!{q}{q})".format(q=q))
    # A single quote followed by two more is the lexer's triple quote.
    opening = q * 3 if triple else r"{q}(?!{q}{q})".format(q=q)
    return r"{o}(?:{t}|{f})*{c}".format(o=opening, c=q * len(quote), t="|".join(text), f=field)


def _string(quote: str) -> str:
    """A plain string, from its opening quote (as ``lexer.STRING_BODY`` reads it).

    Not after a t-string prefix (:data:`_NOT_AFTER_T`).
    """
    q = re.escape(quote[0])
    if len(quote) == 3:
        return _NOT_AFTER_T + r"{q}{q}{q}[^\\{q}]*(?:(?:\\[\s\S]|{q}(?!{q}{q}))[^\\{q}]*)*{q}{q}{q}".format(q=q)
    # Not where three quotes open a triple-quoted string: when that one is
    # never closed, the lexer raises, and so the reading must stop.
    return _NOT_AFTER_T + r"{q}(?!{q}{q})[^\\\r\n{q}]*(?:\\(?:\r\n|[\s\S])[^\\\r\n{q}]*)*{q}".format(q=q)


# Compiled for bytes (see above); built as text, all ASCII.
def _compile(pattern: str) -> "re.Pattern[bytes]":
    return re.compile(pattern.encode("ascii"))


# An f-string prefix at the start of a token, with its quote next.
_FSTRING_START = _FSTRING_PREFIX + r"(?=['\"])"
_AT_FSTRING_START = _compile(_FSTRING_START)
# The same for a t-string: "t" or "tr" at the start of a token, or "rt".
_AT_TSTRING_START = _compile(_FSTRING_START.replace("[fF]", "[tT]"))

# What the lexer reads without changing mode, from code back to code: runs
# of characters that start no string, comment or f-string (an "f" is taken
# only where no f-string starts), comments, plain strings (a string's body
# does not depend on its prefix, which is taken as code).  It stops at an
# f-string, at a quote that opens no string, or at the end; or after
# RUN_LIMIT pieces, which bounds the memory the regular expression engine
# keeps for them (unbounded, it grows a hundred times the text's size).
RUN_LIMIT = 1000
_CODE_STRINGS_COMMENTS = _compile(
    r"(?:[^'\"#fF]+|#[^\r\n]*|{strings}|(?!{start})[fF]){{0,{limit}}}".format(
        strings="|".join(_string(quote) for quote in QUOTES),
        start=_FSTRING_START,
        limit=RUN_LIMIT,
    )
)

# The rest of a plain f-string from its opening quote (compiled on first use:
# a pattern per kind of quote, as few kinds as a file uses).
_PLAIN = {quote.encode("ascii"): _plain_fstring(quote) for quote in QUOTES}
_compiled: Dict[bytes, "re.Pattern[bytes]"] = {}

# Blind reading: every f-string or t-string prefix ends in f, F, t, T, r or R
# right before its quote, an "f'" once these are folded.
_FOLD = bytes.maketrans(b'FrRtT"', b"fffff'")
_FOLDED_PREFIX_END = b"f'"
_T_BYTES = frozenset(b"tT")
# The bytes of _WORD but "r" and "R": after one of these no "t" starts a prefix.
_WORD_NOT_R = frozenset(b for b in range(256) if re.match(_WORD, chr(b)) and b not in b"rR")
# A single-quoted f-string whose line ends before any brace, backslash or
# closing quote: the lexer would raise "unterminated f-string".  So no valid
# f-string starts there, and blind reading passes over it; most such places
# are inside strings, such as '%f' and '-f'.
_UNTERMINATED = _compile(r"""'[^'{}\\\r\n]*(?:[\r\n]|\Z)|"[^"{}\\\r\n]*(?:[\r\n]|\Z)""")


class _Text:
    """A text and its UTF-8 bytes, which the patterns read.

    The text is needed only to lex an f-string alone, and offsets into the
    bytes are turned into offsets into it only then, always at an f-string's
    first (ASCII) character.
    """

    def __init__(self, source: Union[str, bytes]) -> None:
        if isinstance(source, bytes):
            self.data = source
            self._text: Optional[str] = None
            self.ascii = source.isascii()
        else:
            self.data = source.encode("utf-8", "surrogatepass")
            self._text = source
            self.ascii = len(self.data) == len(source)
        # The last offset turned: readings go forwards, so each turn decodes
        # only the bytes since the last one.
        self._byte = self._char = 0

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = self.data.decode("utf-8", "surrogatepass")
        return self._text

    def char_offset(self, byte: int) -> int:
        if self.ascii:
            return byte
        if byte < self._byte:
            self._byte = self._char = 0
        self._char += len(self.data[self._byte : byte].decode("utf-8", "surrogatepass"))
        self._byte = byte
        return self._char

    def byte_offset(self, char: int, known_char: int, known_byte: int) -> int:
        """The byte offset of ``char``, from a pair of offsets known to agree before it."""
        if self.ascii:
            return char
        return known_byte + len(self.text[known_char:char].encode("utf-8", "surrogatepass"))


def _plain_end(data: bytes, quote_at: int) -> int:
    """The end of the plain f-string whose quote is at ``quote_at``; -1 if not plain."""
    quote = data[quote_at : quote_at + 3]
    if quote not in (b"'''", b'"""'):
        quote = data[quote_at : quote_at + 1]
    pattern = _compiled.get(quote)
    if pattern is None:
        pattern = _compiled[quote] = _compile(_PLAIN[quote])
    match = pattern.match(data, quote_at)
    return -1 if match is None else match.end()


def _fstring_end(source: _Text, start: int, quote_at: int) -> int:
    """The end of the f-string at ``start`` if 3.8-3.11 accept it unchanged, else -1.

    The pattern answers for most; the others are lexed on their own and
    judged as the full path judges them.
    """
    end = _plain_end(source.data, quote_at)
    if end >= 0:
        return end
    text = source.text
    first = source.char_offset(start)
    try:
        tokens = tokenize_fstring(text, first)
        (node,) = parse_fstrings(tokens, text)
    except TranspileError:  # the full path reports it, with the whole file lexed
        return -1
    if not accepted_before_312(tokens, text, node) or any(t.kind == TSTRING_START for t in tokens):
        return -1
    return source.byte_offset(tokens[-1].end, first, start)


def _prefix_f(data: bytes, prefix_end: int) -> int:
    """The "f" of an f-string prefix that ends at ``prefix_end``; -1 if no f-string can start there."""
    f = prefix_end
    if data[f] not in b"fF":  # "fr'", found by its "r"; or a raw string
        f -= 1
        if f < 0 or data[f] not in b"fF":
            return -1
    return f if _AT_FSTRING_START.match(data, f) else -1


def _prefix_t(data: bytes, prefix_end: int) -> bool:
    """Whether a t-string prefix can end at ``prefix_end`` (``t``, ``tr`` or ``rt``).

    Not right after a quote (``'T'``, ``"rt"``): in code that quote closes
    a literal, and a t-string right after one is either not valid (a string
    and a t-string do not mix) or not the first of its concatenation, whose
    first t-string is looked at.
    """
    t = prefix_end
    if data[t] not in b"tT":
        t -= 1
        if t < 0 or data[t] not in b"tT":
            return False
    if _AT_TSTRING_START.match(data, t) is None:
        return False
    start = t - 1 if t and data[t - 1] in b"rR" else t
    return start == 0 or data[start - 1] not in b"'\""


def _read_in_context(source: _Text, position: int, beyond: int) -> int:
    """Read from ``position``, in code, to past ``beyond``, as the lexer does.

    Returns where the reading stopped, in code; or -1 if an f-string met
    does not pass, or a quote opens no string.
    """
    data = source.data
    skip = _CODE_STRINGS_COMMENTS.match
    at_fstring = _AT_FSTRING_START.match
    end = len(data)
    while position <= beyond:
        after = skip(data, position).end()
        if after != position:
            position = after
            continue
        if position == end:
            return end
        start = at_fstring(data, position)
        if start is None:  # a quote that opens no string
            return -1
        if position and data[position - 1] in b"rR":
            position -= 1  # an "rf" prefix, found by its "f"
        position = _fstring_end(source, position, start.end())
        if position < 0:
            return -1
    return position


def all_fstrings_plain(text: Union[str, bytes]) -> bool:
    """True only if every f-string in ``text`` is accepted by 3.8-3.11 unchanged.

    ``text`` is a str, or its UTF-8 encoding.  Reads blind, checking every
    place where an f-string could start against the plain pattern, and in
    context only up to the places it refuses.
    """
    source = _Text(text)
    data = source.data
    find = data.translate(_FOLD).find
    read = 0  # read in context up to here, where the lexer is in code
    prefix_end = find(_FOLDED_PREFIX_END)
    while prefix_end >= 0:
        if data[prefix_end] in _T_BYTES and prefix_end and data[prefix_end - 1] in _WORD_NOT_R:
            # The most common place by far: a word ending in "t" before a
            # closing quote ('default'), where no t-string can start.
            prefix_end = find(_FOLDED_PREFIX_END, prefix_end + 1)
            continue
        f = _prefix_f(data, prefix_end)
        quote_at = prefix_end + 1
        if f >= 0:
            doubtful = _plain_end(data, quote_at) < 0
        else:
            doubtful = _prefix_t(data, prefix_end)
        if doubtful and not _UNTERMINATED.match(data, quote_at):
            # Reading in context stops at this "f" if an f-string starts
            # here, and refuses the quote if a t-string does.
            read = _read_in_context(source, read, f if f >= 0 else quote_at)
            if read < 0:
                return False
            prefix_end = find(_FOLDED_PREFIX_END, max(read, prefix_end + 1))
        else:
            prefix_end = find(_FOLDED_PREFIX_END, prefix_end + 1)
    return True
