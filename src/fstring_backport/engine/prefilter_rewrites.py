"""A fast, conservative answer to "may this file need a rewrite?", the
first of the engine's prefilters (each a ``may_*`` function of a
``prefilter_*`` module: False is sure, True says look).

:func:`may_need_rewriting` says False only if every f-string in the text is
one that :func:`oldsyntax.accepted_before_312` accepts unchanged; then
:func:`pipeline.transpile` returns the file without lexing it.  True says
nothing: the full path lexes the file.

How it reads.  *Blind* first: fold ``F``, ``r``, ``R``, ``t``, ``T`` to
``f`` and ``"`` to ``'`` and visit each ``f'`` with ``bytes.find``.  Where a
prefix can start, the *plain* pattern (:func:`_plain_fstring`: fields of
names, numbers, operators, brackets one deep and one-line strings) is tried
from the quote; a match needs nothing more.  Elsewhere the text is read *in
context*, as the lexer reads it, from the last place known to be code to
past that place (:func:`_read_in_context`), and blind reading resumes there.
The patterns read UTF-8 bytes: every character outside ASCII is bytes
outside ASCII, which they treat alike.

Why True means the full path changes nothing (each point has a test in
``tests/test_prefilter_rewrites_soundness.py``):

1. Reading in context follows the lexer: a run of code, a comment to its
   line's end, a plain string by :data:`lexer.STRING_BODY`'s rule (its
   prefix read as code), and an ``f`` as code only where no f-string prefix
   starts (:data:`_FSTRING_START`: not after a letter, digit, ``_``,
   backslash or non-ASCII byte, unless after an ``r`` that starts a token).
2. A quote that opens no string stops the reading, and the answer is False.
3. The plain pattern admits only what it lexes as the lexer does, so a
   match is the lexer's f-string, with its fields; reading resumes after it.
4. An f-string the pattern refuses is lexed alone and passes only if
   ``accepted_before_312`` accepts it: the full path's own test.
5. Blind reading visits every f-string prefix, and sends each doubtful one
   to reading in context, but a single-quoted f-string whose line ends
   before any brace, backslash or closing quote (:data:`_UNTERMINATED`),
   which the lexer refuses: no valid file has one.
6. A t-string never passes: where one can start, no string is read
   (:data:`_NOT_AFTER_T`), so the reading stops; one lexed alone fails.
7. Errors in f-strings stay the full path's (points 3-4); errors elsewhere
   are not looked for, and Python reports them when it compiles the file.
8. A text that names ``templatelib`` anywhere never passes: a module that
   imports ``string.templatelib`` gets the t-string runtime's import.
9. A text with an ``except`` clause whose types may be unbracketed
   (``except A, B:``, PEP 758) never passes: :mod:`.prefilter_excepts` says
   how it reads (a module of its own, for the import hook's pre-filter).
10. A text that may hold a lazy import (PEP 810) never passes:
   :mod:`.prefilter_lazy_imports` says how it reads; nor one that may
   unpack in a comprehension (PEP 798, :mod:`.prefilter_comprehension_unpacking`).
11. Nor does one that may hold a ``type`` statement (PEP 695), for a
   target before 3.12 (:mod:`.prefilter_type_aliases`), or a starred
   subscript or ``*args: *Ts`` (PEP 646), before 3.11
   (:func:`.prefilter_constructs.may_star_in_subscripts`), or ``:=``
   directly in a set or a subscript, before 3.10
   (:func:`.prefilter_constructs.may_walrus_unbracketed`), or, for 3.8,
   parenthesized context managers
   (:func:`.prefilter_constructs.may_parenthesize_with_items`), a starred
   item in a for statement's iterable (:mod:`.prefilter_for_iterables`) or
   a decorator that is any expression
   (:func:`.prefilter_constructs.may_relax_decorators`).
"""

import re
from typing import Dict, List, Optional, Tuple, Union

from .errors import TranspileError
from .lexical import (
    COMMENT,
    QUOTES_LONGEST_FIRST,
    after,
    any_of,
    closing,
    followed_by,
    group,
    maybe,
    none_of,
    not_after,
    not_followed_by,
    one_of,
    string_body,
)
from .prefilter_comprehension_unpacking import may_unpack_in_comprehension
from .prefilter_constructs import (
    may_parenthesize_with_items,
    may_relax_decorators,
    may_star_in_subscripts,
    may_walrus_unbracketed,
)
from .prefilter_excepts import may_bracket_excepts_in_bytes
from .prefilter_for_iterables import may_star_for_iterables
from .prefilter_lazy_imports import may_import_lazily
from .prefilter_type_aliases import may_alias_types
from .rules import (
    DECORATOR_EXPRESSION,
    PARENTHESIZED_WITH,
    STARRED_FOR_ITERABLE,
    STARRED_SUBSCRIPT,
    SUBSCRIPT_WALRUS,
    TYPE_STATEMENT,
)
from .targets import OLDEST

# f(a) - deeper brackets are lexed (point 4).  Each level triples the
# patterns, and their compile time is paid by every process.
BRACKET_LEVELS = 1

# -- expression pieces ------------------------------------------------------

_NAME_CHARACTER = "[A-Za-z0-9_]"
# Whole names only: a name that could be split any way would let the engine
# backtrack through every split when a field does not match.
_NAME = not_after(_NAME_CHARACTER) + "[A-Za-z_]" + _NAME_CHARACTER + "*" + not_followed_by(_NAME_CHARACTER)
# Digits and dots run into no name, no "0" before a digit: the lexer rejects
# most numbers run into a name (1r, 007); the others (1e5, 0x1f) are lexed.
_NUMBER = (
    not_after(_NAME_CHARACTER)
    + not_followed_by("0[0-9]")
    + r"\.?[0-9][0-9.]*"
    + not_followed_by("[A-Za-z0-9_.]")
)
# Operators that cannot end a field or start anything.
_OPERATOR_CHARACTERS = ".,+-*/%&|^~<>@"
_CODE = "|".join([_NAME, _NUMBER, one_of(_OPERATOR_CHARACTERS)])
_BLANK = one_of(" \t")  # in a field; a rare form feed there sends the f-string to the lexer
_COMPARISON = "[<>=]="  # one token each; their "=" is no debug "="

# A letter, digit, "_", backslash or non-ASCII character: after one, the
# lexer is inside a name or a string, not at a token's start.  Spelled as
# "not the other ASCII characters" because a class reaching past U+00FF
# takes the re module 4-8 ms to compile, in every process.
_WORD = r"[^\x00-/:-@\[\]^`{-\x7f]"
# An f-string's prefix, found by its "f": "f" or "fr" at a token's start, or
# "rf" whose "r" is.
_FSTRING_PREFIX = "[fF]" + group(not_after(_WORD + "."), after("[rR].") + not_after(_WORD + "..")) + "[rR]?"
# No quote after "t" or "tr" opens a plain string: a t-string starts there,
# or the text is not valid; either way the answer is False.
_NOT_AFTER_T = not_after("[tT]") + not_after("[tT][rR]")


def _quoted(quote: str, inside: str) -> str:
    """``quote``, a run of ``inside``, ``quote``, and not its character next."""
    return quote + inside + "*" + quote + not_followed_by(quote)


def _nested_string(quote: str) -> str:
    """A one-line string in a field of an f-string delimited by ``quote``.

    Quoted with the other character (either, in a triple-quoted f-string);
    no quote, backslash, ``#`` or line break inside; braces only where no
    prefix letter comes before it, so that it cannot be an f-string with
    fields; not followed by its quote character, so ``'''`` never passes as
    ``''`` and ``'``.
    """
    delimiters = "'\"" if len(quote) == 3 else ("'" if quote == '"' else '"')
    forms = []
    for o in delimiters:
        forms.append(not_after("[fFrRtT]") + _quoted(o, none_of("'\"\\#\r\n")))
        forms.append(_NOT_AFTER_T + _quoted(o, none_of("'\"\\#{}\r\n")))
    return "|".join(forms)


def _bracketed(quote: str, levels: int) -> str:
    """A bracket pair, ``levels`` deep at most; inside, ``:``, ``=`` and ``!`` are free."""
    inner = [_NAME, _NUMBER, one_of(_OPERATOR_CHARACTERS + ":=! \t"), _nested_string(quote)]
    if levels > 1:
        inner.append(_bracketed(quote, levels - 1))
    body = any_of(*inner)
    return group(r"\(" + body + r"\)", r"\[" + body + r"\]", r"\{" + body + r"\}")


def _expression(*atoms: str) -> str:
    """A field's expression of ``atoms``: code first (not ``lambda``), blanks around.

    The atoms are written once (written twice, the pattern took twice as
    long to compile, in every process): no blank follows the leading
    blanks, so the first repetition is an atom."""
    return _BLANK + "*" + not_followed_by(_BLANK) + not_followed_by("lambda") + group(*atoms, _BLANK) + "+"


def _plain_fstring(quote: str) -> str:
    """A plain f-string's body and closing quote, after its prefix."""
    q = re.escape(quote[0])
    triple = len(quote) == 3
    expression = _expression(_COMPARISON, _CODE, _nested_string(quote), _bracketed(quote, BRACKET_LEVELS))
    conversion = group("![rsa]" + followed_by("[:}]"))
    # An "=" that is a token of its own: not the end of "+=", "<=", ":=".
    debug = group(not_after("[-+*/%&|^@<>=!:]") + "=" + _BLANK + "*")
    spec_character = none_of("{}\\" + q + "\r\n")
    # A field in a spec holds names, numbers and operators: one with strings
    # or brackets, rare there, is lexed (and the pattern compiles in half the time).
    spec_field = r"\{" + _expression(_COMPARISON, _CODE) + conversion + r"?\}"
    spec = group(":" + any_of(spec_character, spec_field))
    # A conversion only before a spec without fields (3.13+ converts first).
    spec_text = group(":" + spec_character + "*")
    # "{{" is text to the lexer, never a field that starts with "{".
    field = (
        r"\{" + not_followed_by(r"\{") + expression + debug + "?" + maybe(conversion + spec_text + "?", spec) + r"\}"
    )
    text = [
        none_of("{}\\" + q) if triple else spec_character,
        r"\{\{",
        r"\}\}",
        # An escape, or a lone backslash before a brace; never "\N" (an
        # escape "\N{...}" in f-strings, two characters in raw ones).
        r"\\" + group(r"\r\n", none_of("{}N"), followed_by("[{}]")),
    ]
    if triple:
        text.append(q + not_followed_by(q + q))
    # A single quote followed by two more is the lexer's triple quote.
    opening = q * 3 if triple else q + not_followed_by(q + q)
    return opening + any_of("|".join(text), field) + closing(quote)


def _string(quote: str) -> str:
    """A plain string from its opening quote, read as the lexer reads it.

    A single quote followed by two more opens a triple-quoted string, and
    if that is never closed the lexer raises: the reading must stop there.
    """
    q = re.escape(quote[0])
    opening = q * 3 if len(quote) == 3 else q + not_followed_by(q + q)
    return _NOT_AFTER_T + opening + string_body(quote) + closing(quote)


# Compiled for bytes (see above); built as text, all ASCII.
def _compile(pattern: str) -> "re.Pattern[bytes]":
    return re.compile(pattern.encode("ascii"))


# An f-string prefix at the start of a token, with its quote next.
_FSTRING_START = _FSTRING_PREFIX + followed_by("['\"]")
_AT_FSTRING_START = _compile(_FSTRING_START)
# The same for a t-string: "t" or "tr" at the start of a token, or "rt".
_AT_TSTRING_START = _compile(_FSTRING_START.replace("[fF]", "[tT]"))

# What the lexer reads without changing mode, from code back to code: runs
# of characters that start no string, comment or f-string, comments, plain
# strings.  It stops at an f-string, at a quote that opens no string, at the
# end, or after RUN_LIMIT pieces, which bounds the memory the regular
# expression engine keeps for them (unbounded, a hundred times the text).
RUN_LIMIT = 1000
_CODE_STRINGS_COMMENTS = _compile(
    group(
        none_of("'\"#fF") + "+",
        COMMENT,
        *[_string(quote) for quote in QUOTES_LONGEST_FIRST],
        not_followed_by(_FSTRING_START) + "[fF]",
    )
    + "{0," + str(RUN_LIMIT) + "}"
)

# The rest of a plain f-string from its opening quote (compiled on first use:
# a pattern per kind of quote, as few kinds as a file uses).
_PLAIN = {quote.encode("ascii"): _plain_fstring(quote) for quote in QUOTES_LONGEST_FIRST}
_compiled: Dict[bytes, "re.Pattern[bytes]"] = {}

# Blind reading: every f-string or t-string prefix ends in f, F, t, T, r or R
# right before its quote, an "f'" once these are folded.
_FOLD = bytes.maketrans(b'FrRtT"', b"fffff'")
_FOLDED_PREFIX_END = b"f'"
_T_BYTES = frozenset(b"tT")
# The bytes of _WORD but "r" and "R": after one of these no "t" starts a prefix.
_WORD_NOT_R = frozenset(b for b in range(256) if re.match(_WORD, chr(b)) and b not in b"rR")
# A single-quoted f-string whose line ends before any brace, backslash or
# closing quote: the lexer would raise "unterminated f-string" (point 5).
_UNTERMINATED = _compile(
    "|".join(o + none_of(o + "{}\\\r\n") + "*" + group(r"[\r\n]", r"\Z") for o in "'\"")
)


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
    # The lexer and the parser load here, on the first f-string the pattern
    # leaves in doubt: a file (or a whole wheel) with none never needs them.
    from .fstrings import parse_fstrings
    from .lexer import TSTRING_START, lex_fstring
    from .oldsyntax import accepted_before_312

    text = source.text
    first = source.char_offset(start)
    try:
        parsed = lex_fstring(text, first)
        (node,) = parse_fstrings(parsed)
    except TranspileError:  # the full path reports it, with the whole file lexed
        return -1
    tokens = parsed.tokens
    if not accepted_before_312(parsed, node) or any(t.kind == TSTRING_START for t in tokens):
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


def _read_in_context(
    source: _Text, position: int, beyond: int, spans: Optional[List[Tuple[int, int]]] = None
) -> int:
    """Read from ``position``, in code, to past ``beyond``, as the lexer does.

    Returns where the reading stopped, in code; or -1 if an f-string met
    does not pass, or a quote opens no string.  ``spans``, if given, gets
    the (start, end) of each f-string met; of one that does not pass,
    (start, the text's end).
    """
    data = source.data
    skip = _CODE_STRINGS_COMMENTS.match
    at_fstring = _AT_FSTRING_START.match
    end = len(data)
    while position <= beyond:
        after = skip(data, position).end()  # type: ignore[union-attr]  # matches always, if only the empty string
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
        fstring_end = _fstring_end(source, position, start.end())
        if spans is not None:
            spans.append((position, end if fstring_end < 0 else fstring_end))
        if fstring_end < 0:
            return -1
        position = fstring_end
    return position


def may_need_rewriting(text: Union[str, bytes], target: Tuple[int, int] = OLDEST) -> bool:
    """False only if every f-string in ``text`` is accepted by 3.8-3.11
    unchanged, and it has no t-string, ``except A, B:``, templatelib, lazy
    import or unpacking in a comprehension, nor what ``target`` (before
    3.14) rejects of the other grammar the rewrites lower (``type``
    statements, starred subscripts and ``*args: *Ts``, parenthesized context managers, starred items after ``for
    ... in``, ``:=`` in a set or a subscript, decorators that are any
    expression).

    ``text`` is a str, or its UTF-8 encoding.  Reads blind, checking every
    place where an f-string could start against the plain pattern, and in
    context only up to the places it refuses.
    """
    source = _Text(text)
    data = source.data
    if (
        b"templatelib" in data
        or may_bracket_excepts_in_bytes(data)
        or may_import_lazily(data)
        or may_unpack_in_comprehension(data)
    ):
        return True  # points 8 to 10
    if (
        (target < TYPE_STATEMENT.needs and may_alias_types(data))
        or (target < STARRED_SUBSCRIPT.needs and may_star_in_subscripts(data))
        or (target < SUBSCRIPT_WALRUS.needs and may_walrus_unbracketed(data))
        or (target < PARENTHESIZED_WITH.needs and may_parenthesize_with_items(data))
        or (target < STARRED_FOR_ITERABLE.needs and may_star_for_iterables(data))
        or (target < DECORATOR_EXPRESSION.needs and may_relax_decorators(data))
    ):
        return True  # point 11
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
                return True
            prefix_end = find(_FOLDED_PREFIX_END, max(read, prefix_end + 1))
        else:
            prefix_end = find(_FOLDED_PREFIX_END, prefix_end + 1)
    return False
