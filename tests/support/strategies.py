"""Hypothesis strategies for valid Python 3.12 source with PEP 701 f-strings.

What is generated (all of it valid Python 3.12 and 3.13; the 3.12+ tests in
``test_fuzz_lexer.py`` compile every example to prove it):

* f-strings with every prefix spelling (``f F rf rF Rf RF fr fR Fr FR``) and
  all four quotes (``'``, ``"``, ``'''``, ``\"\"\"``);
* literal text with ``{{``/``}}``, the other quote characters, non-ASCII
  characters, escapes (``\\n \\\\ \\x41 \\N{BULLET} \\u00e9 \\0 \\'`` ... in
  non-raw f-strings, ``\\d \\\\ \\'`` ... in raw ones), backslash-newline, a
  backslash right before a replacement field, and - in triple-quoted
  f-strings only - line breaks and runs of one or two quote characters;
* replacement fields whose expression is a name, a number, a subscript
  ``d["k"]``, a call, an attribute, a parenthesised operation, a
  conditional, a lambda, a list/tuple/set/dict display (``{ {1, 2} }``: a
  space keeps a leading brace from reading as ``{{``), a comprehension, an
  unparenthesised comparison such as ``a != b``, or a string: plain, bytes,
  raw, implicitly concatenated, or an f-string nested up to five deep,
  reusing any quote, the enclosing f-string's own included
  (``f"{d["k"]}"``);
* inside fields: blanks, tabs, line breaks, comments (always followed by a
  line break, in single- and triple-quoted f-strings alike) and
  backslash-newline continuations;
* the debug ``=`` with optional blanks around it, the conversions ``!r``,
  ``!s`` and ``!a`` optionally followed by blanks, and format specs made of
  literal text (``>10``, ``^5``, ``.2f``, ``#``, ``=``, escapes ...) and
  nested fields, at most two specs deep (``{x:{y:{z}}}``; a third level of
  fields is a SyntaxError);
* implicit concatenation of f-strings with plain strings and other
  f-strings, with or without blanks between them.

``fstring_source()`` is one such expression; ``module_source()`` a few
statements using them (assignments, calls, parenthesised multi-line
concatenation, backslash continuations, comments, ``if``/``def``/``for``
blocks indented with spaces or tabs), with ``\\n``, ``\\r\\n`` or ``\\r``
line endings and sometimes no final line break.

The rules that keep the output valid, besides the obvious ones:

* text units are atomic and every backslash starts a complete escape, except
  a lone backslash (or ``\\N`` in a raw f-string) emitted immediately before
  a field's ``{``;
* a triple-quoted body never holds three quote characters in a row and never
  ends with its quote character (a run of its own quote character is always
  followed by another character);
* a single-quoted body holds neither its own quote nor a raw line break, and
  neither does the format spec of a single-quoted f-string: the f-string's
  own quote ends a spec too;
* ``{{``/``}}`` never appear in a format spec (there every brace is a field;
  ``{{`` after one of the spec's fields, a brace from 3.13 on, is 3.12's
  error, and has cases of its own in tests/engine/rewrites);
* bytes hold ASCII and bytes escapes only and are never concatenated with
  ``str`` literals; two literals written without a blank between them never
  make ``''`` + ``'`` read as a triple quote;
* two CPython quirks: the format spec of a *raw* f-string is decoded as if
  it were not raw (``rf'{x:\\x}'`` is an error), so raw specs only get
  escapes valid both ways; and the text of a debug field in a non-raw
  f-string is decoded with escapes too (``f'{r"\\x"=}'`` is an error), so
  the ``=`` is left out when that text would not decode.

Every strategy is built once per set of arguments and cached: building
strategies inside draws makes Hypothesis validate them again each time,
which would make generation several times slower.
"""

import os
import warnings
from functools import lru_cache
from typing import Callable, List, Tuple

from hypothesis import settings
from hypothesis import strategies as st

from .pythons import cpython_host_in


def batches(least: int, share: int) -> int:
    """How many batches a property test that runs its lowered cases on this
    Python draws: ``settings().max_examples // share``, at least ``least``,
    on 3.8 and 3.11 (the oldest target, and the one most projects run); a
    quarter of that on the other Pythons of the matrix, which the
    differential corpus covers case by case.  A longer run
    (``HYPOTHESIS_PROFILE=nightly``) scales it up everywhere.  Outside CI
    (``scripts/test`` sets ``FSTRING_BACKPORT_ALL_PYTHONS``), one batch: the
    quick run tries a few dozen cases, CI thousands."""
    if os.environ.get("FSTRING_BACKPORT_ALL_PYTHONS") != "1" and os.environ.get("HYPOTHESIS_PROFILE") != "nightly":
        return 1
    full = max(least, settings().max_examples // share)
    if cpython_host_in("3.8", "3.11"):
        return full
    return max(1, full // 4)


FSTRING_PREFIXES = ("f", "F", "rf", "rF", "Rf", "RF", "fr", "fR", "Fr", "FR")
STR_PREFIXES = ("", "r", "R", "u", "U")
BYTES_PREFIXES = ("b", "B", "br", "bR", "Br", "BR", "rb", "rB", "Rb", "RB")
QUOTES = ("'", '"', "'''", '"""')

MAX_FSTRING_DEPTH = 5  # f-strings nested inside one another
MAX_SPEC_LEVEL = 2  # fields may sit in at most two format specs

NAMES = ("x", "y", "z", "d", "s", "value", "_", "f", "rb", "u", "\u00f1ame", "\u03bb")
NUMBERS = ("0", "1", "42", "3.14", "1_000", "0x1F", "0o17", "0b101", "1e5", "2j", ".5", "1.5e-3")
# Text that is plain text in any string: no quote, brace, backslash or line
# break.  The non-ASCII ones (one outside the BMP) come last: bytes stop
# before them.
ASCII_TEXT = (
    "a", "Z", "0", " ", "  ", ".", ",", "-", "+", "!", ":", "=", "#", "(", ")",
    "[", "]", "%", "<", ">", "^", "\t", "abc", "x y",
)
NON_ASCII_TEXT = ("\u00e9", "\u2192", "\u65e5", "\U0001f600")
# Spec text: the format mini-language plus odd but valid characters.
SPEC_TEXT = (
    ">10", "<", "^5", ".2f", "#x", ",", "=", "+", " ", "08", "_", "!r", ":", "#",
    "%", "e", "\u00e9", "(", ")", "[", "=^+10,.3", "=3",
)
COMMENTS = (
    "#\n", "# note\n", "#'\n", '#"\n', "# '''\n", "#{\n", "#}\n", "# {{x}}\n",
    "##\n", "#\\\n", "# !r:>3=\n", "# \u00e9\U0001f600\n", "# f'{'\n",
)
# Blanks inside brackets: may break lines, hold comments and continuations.
GAP_UNITS = (" ", "  ", "\t", "\n", "\n    ", "\\\n", " \\\n  ") + COMMENTS + tuple(
    " " + c for c in COMMENTS[:4]
)

NON_RAW_ESCAPES = ("\\n", "\\\\", "\\x41", "\\t", "\\0", "\\101", "\\'", '\\"', "\\\n", "\\a")
STR_ONLY_ESCAPES = ("\\N{BULLET}", "\\N{LATIN SMALL LETTER A}", "\\u00e9", "\\U0001F600")
RAW_ESCAPES = ("\\d", "\\\\", "\\n", "\\'", '\\"', "\\\n", "\\N", "\\x")
# CPython decodes the format spec of a raw f-string as if it were not raw
# (``rf'{x:\\x}'`` is an error), so its specs get the escapes valid either way.
RAW_SPEC_ESCAPES = ("\\d", "\\\\", "\\n", "\\'", '\\"', "\\\n")

BOOL = st.booleans()
cached = lru_cache(maxsize=None)


@cached
def below(n: int) -> st.SearchStrategy:
    """An integer in [0, n]."""
    return st.integers(0, n)


@cached
def choice(options: Tuple[str, ...]) -> st.SearchStrategy:
    return st.sampled_from(options)


# -- literal text ------------------------------------------------------------------


@cached
def text_units(quote: str, raw: bool, kind: str) -> st.SearchStrategy:
    """Atomic pieces of a string body that are valid next to each other.

    ``kind`` is ``"bytes"``, ``"str"`` (a plain string), ``"fstring"``
    (literal text of an f-string) or ``"spec"`` (text of a format spec).
    Repeats in the tuple weigh the choice.
    """
    units = list(ASCII_TEXT) * 2
    if kind != "bytes":
        units += NON_ASCII_TEXT
    q = quote[0]
    units += ['"' if q == "'" else "'"] * 3  # the other quote character
    if len(quote) == 3:
        # Never three of its own quote in a row, never one at the very end.
        units += [q + "a", q + q + "b", q + " ", "\n", "\n"]
    if kind == "fstring":
        units += ["{{", "}}"] * 2
    elif kind in ("str", "bytes"):
        units += ["{", "}", "{x}"]  # plain text in a plain string
    if raw:
        units += RAW_SPEC_ESCAPES if kind == "spec" else RAW_ESCAPES
    else:
        units += NON_RAW_ESCAPES
        if kind != "bytes":
            units += STR_ONLY_ESCAPES
    return st.sampled_from(tuple(units))


@cached
def text(quote: str, raw: bool, kind: str, min_size: int = 0, max_size: int = 5) -> st.SearchStrategy:
    return st.lists(text_units(quote, raw, kind), min_size=min_size, max_size=max_size).map(
        "".join
    )


SEPARATORS = choice(("", " ", "  "))


def _join_literals(draw, pieces: List[str]) -> str:
    """Implicit concatenation: blanks between, or none when that stays safe."""
    out = pieces[0]
    for piece in pieces[1:]:
        sep = draw(SEPARATORS)
        if sep == "" and piece[0] in "'\"" and out.endswith(piece[0] * 2):
            sep = " "  # '' followed by ' would open a triple quote
        out += sep + piece
    return out


@st.composite
def _plain_string(draw, allow_bytes: bool) -> str:
    is_bytes = allow_bytes and draw(BOOL)
    prefix = draw(choice(BYTES_PREFIXES if is_bytes else STR_PREFIXES))
    quote = draw(choice(QUOTES))
    raw = "r" in prefix.lower()
    body = draw(text(quote, raw, "bytes" if is_bytes else "str"))
    return prefix + quote + body + quote


@cached
def plain_string(allow_bytes: bool = True) -> st.SearchStrategy:
    """A str or bytes literal (not an f-string) with any prefix and quote."""
    return _plain_string(allow_bytes)


# -- blanks inside replacement fields ----------------------------------------------

GAP = st.lists(choice(GAP_UNITS), max_size=2).map("".join)
# Mostly nothing or a blank, sometimes a line break, a comment, a continuation.
SMALL_GAP = choice(("",) * 8 + (" ",) * 6 + GAP_UNITS)


# -- expressions -------------------------------------------------------------------

COMPARISONS = choice((" != ", "!=", " == ", "<", " > ", " <= "))
OPERATORS = choice(("+", "-", "*", "%", "!=", "==", "<", ">=", "and", "or", "in"))
SUBSCRIPTED = choice(("d", "x", "value"))
CALLED = choice(("f", "g", "str", "len"))
DISPLAYS = choice(("[]", "()", "{}", "dict"))
ATTRIBUTES = choice(("x.real", "s.upper()", "\u00f1ame.__class__", "d.keys"))


@st.composite
def _expression(draw, fdepth: int, edepth: int, top: bool) -> str:
    choices: List[Callable[[], str]] = [
        lambda: draw(choice(NAMES)),
        lambda: draw(choice(NUMBERS)),
        lambda: draw(string_atom(fdepth)),
    ]
    if fdepth > 0:
        # Weighted towards nesting so that deep chains turn up often.
        choices.append(lambda: draw(fstring(fdepth - 1)))
        choices.append(lambda: draw(fstring(fdepth - 1)))
    if edepth > 0:
        sub = expression(fdepth, edepth - 1)

        def subscript() -> str:
            key = draw(st.one_of(choice(('"k"', "'k'", "1:2", "::-1")), sub))
            return draw(SUBSCRIPTED) + "[" + draw(SMALL_GAP) + key + draw(SMALL_GAP) + "]"

        def call() -> str:
            args = draw(st.lists(sub, max_size=3))
            if args and draw(BOOL):
                args[-1] = "key=" + args[-1]
            sep = "," + draw(SMALL_GAP)
            return draw(CALLED) + "(" + draw(SMALL_GAP) + sep.join(args) + ")"

        def binop() -> str:
            left, op, right = draw(sub), draw(OPERATORS), draw(sub)
            return "(" + draw(SMALL_GAP) + left + " " + op + draw(SMALL_GAP) + " " + right + draw(SMALL_GAP) + ")"

        def display() -> str:
            items = draw(st.lists(sub, min_size=1, max_size=3))
            kind = draw(DISPLAYS)
            if kind == "dict":
                inner = ", ".join(item + ": " + str(i) for i, item in enumerate(items))
                return "{" + draw(SMALL_GAP) + inner + "}"
            if kind == "()" and len(items) == 1:
                items.append("")  # (a,) is a tuple
            return kind[0] + draw(SMALL_GAP) + ", ".join(items) + draw(SMALL_GAP) + kind[1]

        choices += [
            subscript,
            call,
            binop,
            display,
            lambda: draw(ATTRIBUTES),
            lambda: "(" + draw(sub) + " if " + draw(sub) + " else " + draw(sub) + ")",
            lambda: "(lambda: " + draw(sub) + ")",
            lambda: "(lambda a, b=1: " + draw(sub) + ")",
            lambda: "[" + draw(sub) + " for i in d" + draw(SMALL_GAP) + "]",
            lambda: "-" + draw(sub),
            lambda: "(not " + draw(sub) + ")",
        ]
        if top:
            # Unparenthesised comparisons at the top of a field: ``!=`` is
            # an operator there, not a conversion.
            choices.append(lambda: draw(sub) + draw(COMPARISONS) + draw(sub))
    return choices[draw(below(len(choices) - 1))]()


@cached
def expression(fdepth: int, edepth: int = 2, top: bool = False) -> st.SearchStrategy:
    """A Python expression; ``fdepth`` more f-strings may nest inside it."""
    return _expression(fdepth, edepth, top)


@st.composite
def _string_atom(draw, fdepth: int) -> str:
    if draw(BOOL):
        return draw(plain_string())
    pieces = [draw(plain_string(False))]
    for _ in range(draw(below(2))):
        if fdepth > 0 and draw(BOOL):
            pieces.append(draw(fstring(fdepth - 1)))
        else:
            pieces.append(draw(plain_string(False)))
    return _join_literals(draw, pieces)


@cached
def string_atom(fdepth: int) -> st.SearchStrategy:
    """One literal, or several implicitly concatenated (bytes never mixed in)."""
    return _string_atom(fdepth)


# -- f-strings ---------------------------------------------------------------------


def _decodes(text: str) -> bool:
    """Whether ``text`` is valid as the body of a non-raw string.

    CPython decodes the text of a debug field (``{expr=}``) of a non-raw
    f-string with escapes, so ``f'{r"\\x"=}'`` is a SyntaxError; the debug
    ``=`` is only added where this cannot happen.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # invalid escapes are only warnings
        try:
            text.encode("ascii", "backslashreplace").decode("unicode_escape")
        except UnicodeDecodeError:
            return False
    return True


# After "=": blanks (comments and line breaks there have cases of their
# own in tests/engine/rewrites/test_lower_tstrings.py).
AFTER_EQUALS = choice(("", "", " ", "  "))
CONVERSIONS = choice(("!r", "!s", "!a"))
AFTER_CONVERSION = choice(("", "", " ", "  ", "\n", " #c\n"))


def _draw_opening(draw, expr: str, raw: bool) -> str:
    """A field up to its conversion: ``{``, ``expr`` between blanks, perhaps ``=``."""
    lead = draw(SMALL_GAP)
    if not lead and expr.startswith("{"):
        lead = " "  # "{{" would be an escaped brace
    out = "{" + lead + expr + draw(SMALL_GAP)
    if draw(below(3)) == 0 and (raw or _decodes(out)):
        out += "=" + draw(AFTER_EQUALS)
    return out


def _draw_spec(draw, quote: str, raw: bool, level: int, field_here, backslashes: bool) -> str:
    """A format spec's text at spec depth ``level``: words, and fields
    (``field_here()``, a strategy) while ``level`` allows them, some after
    a lone backslash when ``backslashes``."""
    words = st.one_of(choice(SPEC_TEXT), text(quote, raw, "spec", 1, 2))
    parts = []
    for _ in range(draw(below(3))):
        if level <= MAX_SPEC_LEVEL and draw(below(2)) == 0:
            if backslashes and draw(below(5)) == 0:
                parts.append("\\")  # a lone backslash right before a field
            parts.append(draw(field_here()))
        else:
            parts.append(draw(words))
    return "".join(parts)


@st.composite
def _field(draw, quote: str, raw: bool, fdepth: int, level: int) -> str:
    expr = draw(expression(fdepth, top=True))
    out = _draw_opening(draw, expr, raw)
    if draw(BOOL):
        out += draw(CONVERSIONS) + draw(AFTER_CONVERSION)
    if draw(BOOL):
        out += ":" + draw(spec(quote, raw, fdepth, level + 1))
    return out + "}"


@cached
def field(quote: str, raw: bool, fdepth: int, level: int) -> st.SearchStrategy:
    """A replacement field ``{expr=!c:spec}`` of an f-string quoted ``quote``.

    ``level`` is how many format specs of this f-string the field sits in;
    only a field below ``MAX_SPEC_LEVEL`` may have fields in its own spec.
    """
    return _field(quote, raw, fdepth, level)


@st.composite
def _spec(draw, quote: str, raw: bool, fdepth: int, level: int) -> str:
    return _draw_spec(draw, quote, raw, level, lambda: field(quote, raw, fdepth, level), backslashes=True)


@cached
def spec(quote: str, raw: bool, fdepth: int, level: int) -> st.SearchStrategy:
    """The text of a format spec after its colon, at spec depth ``level``."""
    return _spec(quote, raw, fdepth, level)


@st.composite
def _fstring(draw, fdepth: int) -> str:
    prefix = draw(choice(FSTRING_PREFIXES))
    quote = draw(choice(QUOTES))
    raw = "r" in prefix.lower()
    # Fewer fields the deeper we are, so that examples stay small.
    max_fields = 3 if fdepth >= 3 else 2
    fields = 0
    parts = []
    for _ in range(draw(below(max_fields + 2))):
        if fields < max_fields and draw(below(2)) == 0:
            if draw(below(6)) == 0:
                # A backslash right before a field: "\{" is an invalid but
                # accepted escape, and "\N{x}" in a raw f-string is no escape.
                parts.append(draw(choice(("\\", "\\N"))) if raw else "\\")
            parts.append(draw(field(quote, raw, fdepth, 0)))
            fields += 1
        else:
            parts.append(draw(text(quote, raw, "fstring", 1, 4)))
    return prefix + quote + "".join(parts) + quote


@cached
def fstring(fdepth: int = MAX_FSTRING_DEPTH - 1) -> st.SearchStrategy:
    """One f-string literal; ``fdepth`` more may nest inside its fields."""
    return _fstring(fdepth)


@st.composite
def _fstring_source(draw) -> str:
    pieces = [draw(fstring())]
    for _ in range(draw(below(2))):
        other = fstring(draw(below(2))) if draw(BOOL) else plain_string(False)
        if draw(BOOL):
            pieces.append(draw(other))
        else:
            pieces.insert(0, draw(other))
    return _join_literals(draw, pieces)


@cached
def fstring_source() -> st.SearchStrategy:
    """An f-string expression, possibly implicitly concatenated with others."""
    return _fstring_source()


# -- modules -----------------------------------------------------------------------

TRAILING_COMMENTS = choice(("  # trailing", "#", " # '{'"))
SIMPLE_LINES = choice(("# a comment", "", "pass", "# f'{'", "x = 1"))
INDENT_STEPS = choice(("    ", "  ", "\t"))
LINE_ENDS = choice(("\n", "\n", "\r\n", "\r"))


@st.composite
def _statement(draw, indent: str, depth: int) -> List[str]:
    """The lines of one statement (without line ends), indented by ``indent``."""
    fs = fstring_source()
    kind = draw(below(8 if depth < 2 else 5))
    if kind == 0:
        return [indent + "x = " + draw(fs)]
    if kind == 1:
        return [indent + "print(" + draw(SMALL_GAP) + draw(fs) + draw(SMALL_GAP) + ")"]
    if kind == 2:
        # A concatenation split over lines by brackets.
        lines = [indent + "value = ("]
        for _ in range(draw(st.integers(1, 2))):
            lines.append(indent + "    " + draw(fs))
        return lines + [indent + ")"]
    if kind == 3:
        return [indent + "y = " + draw(fs) + " \\", indent + "    " + draw(fs)]
    if kind == 4:
        return [indent + "s = " + draw(fs) + draw(TRAILING_COMMENTS)]
    if kind == 5:
        return [indent + draw(SIMPLE_LINES)]
    inner = indent + draw(INDENT_STEPS)
    header = (
        "while " + draw(fs) + ":"
        if kind == 8
        else draw(choice(("if x:", "def g(a):", "for i in d:", "with f() as s:", "class C:")))
    )
    lines = [indent + header]
    for _ in range(draw(st.integers(1, 2))):
        lines.extend(draw(statement(inner, depth + 1)))
    if not any(line.strip() and not line.strip().startswith("#") for line in lines[1:]):
        lines.append(inner + "pass")
    return lines


@cached
def statement(indent: str, depth: int) -> st.SearchStrategy:
    return _statement(indent, depth)


@st.composite
def _module_source(draw) -> str:
    lines: List[str] = []
    for _ in range(draw(st.integers(1, 3))):
        lines.extend(draw(statement("", 0)))
    newline = draw(LINE_ENDS)
    source = "\n".join(lines)
    if draw(below(3)):
        source += "\n"
    return source.replace("\n", newline)


@cached
def module_source() -> st.SearchStrategy:
    """A few statements using f-strings, with some line-ending style."""
    return _module_source()


# -- t-strings (PEP 750) -------------------------------------------------------------
#
# Template literals for the t-string property test (test_property_tstrings.py):
# t-strings with every prefix spelling, nested in one another and in f-strings
# and the other way round, reusing quotes, with debug fields, conversions,
# specs holding fields, comments and line breaks in fields, raw literals and
# implicit concatenation.  Expressions use only the names of
# ``TSTRING_PRELUDE``, whose values have reprs that do not depend on the
# process (no addresses, no sets of strings), so that python3.15 and this
# interpreter can compare what they print.  A field is *formatted* when
# Python calls format() on its value: in an f-string, and in any format spec
# (whose fields t-strings format eagerly); a formatted field with a spec
# formats an ``L`` object (which takes any spec) or, after a conversion, a
# str with a spec that str takes.  A t-string's own fields are never
# formatted, so any value may have any spec there.

TSTRING_PREFIXES = ("t", "T", "rt", "rT", "Rt", "RT", "tr", "tR", "Tr", "TR")
MAX_TSTRING_DEPTH = 3  # literals nested inside one another

# The module every generated f-string and t-string case starts with.
PRELUDE = '''"""A generated case."""
LOG = []


class L:
    def __init__(self, name):
        self.name = name

    def __format__(self, spec):
        LOG.append("format " + self.name + " " + repr(spec))
        return self.name + "|" + spec

    def __str__(self):
        LOG.append("str " + self.name)
        return "s" + self.name

    def __repr__(self):
        LOG.append("repr " + self.name)
        return "r" + self.name


def w():
    LOG.append("w")
    return 6


a, b = L("a"), L("b")
n = 3
s = "q'\\"{}"
d = {"k": L("dk"), 'j': "jj"}
'''
TSTRING_PRELUDE = PRELUDE + "lst = [1, 2]\n"

# Values that take any format spec, and str specs (after a conversion).
_L_ATOMS = ("a", "b", 'd["k"]', "d['k']")
_STR_SPECS = ("", ">8", "^5", "<", "*<7", ".2")


@cached
def _quote_char_of(quote: str) -> st.SearchStrategy:
    """A quote character for a string inside a field: often the literal's own."""
    return choice((quote[0], quote[0], "'", '"'))


@st.composite
def _t_atom(draw, quote: str, depth: int) -> str:
    kind = draw(below(9 if depth > 0 else 7))
    if kind == 0:
        return draw(choice(("a", "b", "n", "s", "lst")))
    if kind == 1:
        return draw(choice(("w()", "1", "0x1F", "2.5", "-n", "len(lst)")))
    if kind == 2:
        q = draw(_quote_char_of(quote))
        return "d[" + q + draw(choice(("k", "j"))) + q + "]"
    if kind in (3, 4):
        return draw(plain_string(False))
    if kind == 5:
        return draw(string_atom(0))  # implicitly concatenated plain strings
    if kind == 6:
        q = draw(_quote_char_of(quote))
        return q + draw(choice(("\\n", "{", "}", "#", "\\N{BULLET}", "!r", ":", "="))) + q
    return draw(template_literal(depth - 1, draw(BOOL)))  # a t-string or an f-string


@cached
def _t_atoms(quote: str, depth: int) -> st.SearchStrategy:
    return _t_atom(quote, depth)


@st.composite
def _t_expression(draw, quote: str, depth: int) -> str:
    atom = _t_atoms(quote, depth)
    shape = draw(below(12))
    if shape <= 5:
        return draw(atom)
    if shape == 6:
        return "(" + draw(atom) + " if n else " + draw(atom) + ")"
    if shape == 7:
        return "[" + draw(SMALL_GAP) + draw(atom) + "," + draw(SMALL_GAP) + draw(atom) + "]"
    if shape == 8:
        return "{" + draw(SMALL_GAP) + "'k': " + draw(atom) + draw(SMALL_GAP) + "}"
    if shape == 9:
        return "(lambda: " + draw(atom) + ")()"
    if shape == 10:
        return "[" + draw(atom) + " for _ in lst]"
    return "(" + draw(atom) + ",)"


@cached
def t_expression(quote: str, depth: int) -> st.SearchStrategy:
    """An expression for a field of a literal quoted ``quote``; ``depth`` more literals may nest in it."""
    return _t_expression(quote, depth)


@st.composite
def _t_field(draw, quote: str, raw: bool, depth: int, formatted: bool, level: int) -> str:
    expr = draw(t_expression(quote, depth))
    conversion = draw(CONVERSIONS) if draw(below(2)) == 0 else ""
    has_spec = draw(below(2)) == 0
    if formatted and has_spec and not conversion:
        expr = draw(choice(_L_ATOMS))
    out = _draw_opening(draw, expr, raw)
    if conversion:
        out += conversion + draw(AFTER_CONVERSION)
    if has_spec:
        if formatted and conversion:
            out += ":" + draw(choice(_STR_SPECS))
        else:
            out += ":" + draw(t_spec(quote, raw, depth, level + 1))
    return out + "}"


@cached
def t_field(quote: str, raw: bool, depth: int, formatted: bool, level: int) -> st.SearchStrategy:
    """A replacement field of a t-string or f-string quoted ``quote``."""
    return _t_field(quote, raw, depth, formatted, level)


@st.composite
def _t_spec(draw, quote: str, raw: bool, depth: int, level: int) -> str:
    field_here = lambda: t_field(quote, raw, max(depth - 1, 0), True, level)  # noqa: E731
    return _draw_spec(draw, quote, raw, level, field_here, backslashes=False)


@cached
def t_spec(quote: str, raw: bool, depth: int, level: int) -> st.SearchStrategy:
    """A format spec's text; its fields are formatted, whatever literal they are in."""
    return _t_spec(quote, raw, depth, level)


@st.composite
def _template_literal(draw, depth: int, is_template: bool) -> str:
    prefix = draw(choice(TSTRING_PREFIXES if is_template else FSTRING_PREFIXES))
    quote = draw(choice(QUOTES))
    raw = "r" in prefix.lower()
    parts = []
    fields = 0
    for _ in range(draw(below(4))):
        if fields < 3 and draw(below(3)) > 0:
            if draw(below(8)) == 0:
                # A backslash right before a field: "\{" is an invalid but
                # accepted escape, and "\N{x}" in a raw literal is no escape.
                parts.append(draw(choice(("\\", "\\N"))) if raw else "\\")
            parts.append(draw(t_field(quote, raw, depth, not is_template, 0)))
            fields += 1
        else:
            parts.append(draw(text(quote, raw, "fstring", 1, 3)))
    return prefix + quote + "".join(parts) + quote


@cached
def template_literal(depth: int = MAX_TSTRING_DEPTH - 1, is_template: bool = True) -> st.SearchStrategy:
    """A t-string (or, ``is_template`` false, an f-string) whose fields may nest ``depth`` more literals."""
    return _template_literal(depth, is_template)


TSTRING_SEPARATORS = choice(("", " ", "\n", "  # between {t'x'}\n", " \\\n"))


@st.composite
def _tstring_case(draw) -> str:
    pieces = [draw(template_literal()) for _ in range(draw(st.integers(1, 3)))]
    expression = pieces[0]
    for piece in pieces[1:]:
        expression += draw(TSTRING_SEPARATORS) + piece  # each piece opens with a letter: no quotes run together
    if draw(below(5)) == 0:
        expression = "(" + expression + ") + " + draw(template_literal(1))
    if draw(below(6)) == 0:
        expression = draw(choice(FSTRING_PREFIXES)) + '"{(' + expression + ')!r}"'
    source = TSTRING_PRELUDE + "RESULT = (" + expression + ")\n"
    if draw(below(8)) == 0:
        source = source.replace("\n", "\r\n")
    return source


@cached
def tstring_case() -> st.SearchStrategy:
    """A module: ``TSTRING_PRELUDE``, then ``RESULT = (...)``, a t-string expression
    (sometimes concatenated with ``+``, or in an f-string's field).
    """
    return _tstring_case()
