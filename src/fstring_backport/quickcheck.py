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
* a replacement field: an expression of ASCII names, numbers, operators,
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
  specs or debug ``=``.

How it reads a file: like the lexer, but only as far as strings go.  In
code, outside f-strings, the lexer changes mode only at a quote (a string or
f-string), at ``#`` (a comment) and at an f-string prefix.  One regular
expression match takes a run of code, comments and plain strings; it stops
at an f-string prefix, where the f-string must pass (the plain pattern, or
else lexed alone), and the reading goes on after it.  The Python loop turns
once per f-string.

Why True means that the full path changes nothing:

1. The run follows the lexer exactly: code characters leave it in code
   mode; a comment ends at the line break; a plain string's body is read by
   the lexer's own rules (``lexer.STRING_BODY``), which do not depend on its
   prefix, so the prefix letters may be read as code.  An ``f`` is taken as
   code only where no f-string prefix starts: after a letter, digit, ``_``,
   backslash or non-ASCII character (the lexer is then inside a name, or the
   text is not valid 3.12, which rejects ``1f''`` and a backslash before
   anything but a line break), except after an ``r``/``R`` that is itself
   at the start of a token (``rf''``).  So every f-string the lexer sees
   stops the run, and no f-string inside a string or comment does.
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
5. Every f-string that the lexer or the f-string parser would reject fails
   the check (the pattern refuses it, then lexing or parsing it alone
   raises), so errors *in f-strings* are still reported, by the full path.
   Errors elsewhere in a file whose f-strings all pass (bad indentation, an
   unmatched bracket, more than 200 brackets open around an f-string) are
   not looked for: such a file comes back unchanged, and Python reports
   the error when it compiles it.

``tests/test_quickcheck.py`` checks on the 3.12 and 3.13 standard libraries,
the differential corpus and generated modules that whenever this says True,
the full path returns its input unchanged.
"""

import re
from typing import Dict

from .errors import TranspileError
from .fstrings import parse_fstrings
from .lexer import tokenize_fstring
from .oldsyntax import accepted_before_312

# f(a) - deeper brackets are lexed (point 4 above).  Each level triples
# the patterns, and their compile time is paid by every process.
BRACKET_LEVELS = 1

QUOTES = ("'''", '"""', "'", '"')  # triple quotes first, as the lexer tries them

# Expression characters that need no thought: ASCII names, numbers and the
# operators that cannot end a field or start anything.  Not here: quotes,
# brackets, ``!``, ``:``, ``=``, ``#``, ``\``, ``;``, ``$``, ``?``, ``` ` ```,
# line breaks and all non-ASCII characters.
_CODE = r"[A-Za-z0-9_.,+\-*/%&|^~<>@]"
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


def _nested_string(quote: str) -> str:
    """A one-line string in a field of an f-string delimited by ``quote``.

    Its quote character is the other one (either, in a triple-quoted
    f-string); no quote, backslash, ``#`` or line break inside.  Braces only
    where no ``f`` or ``r`` comes right before it, so that it cannot be an
    f-string with fields.  Not followed by its own quote character, so that
    ``'''`` (a triple quote to the lexer) never passes as ``''`` and ``'``.
    """
    delimiters = "'\"" if len(quote) == 3 else ("'" if quote == '"' else '"')
    forms = []
    for o in delimiters:
        forms.append(r"(?<![fFrR]){o}[^'\"\\#\r\n]*{o}(?!{o})".format(o=o))
        forms.append(r"{o}[^'\"\\#{{}}\r\n]*{o}(?!{o})".format(o=o))
    return "|".join(forms)


def _bracketed(quote: str, levels: int) -> str:
    """A bracket pair, ``levels`` deep at most; inside, ``:``, ``=`` and ``!`` are free."""
    inner = [r"[A-Za-z0-9_.,+\-*/%&|^~<>@:=! \t]", _nested_string(quote)]
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
    field = r"\{{(?!\{{){e}{d}?{c}?{s}?\}}".format(e=expression, d=debug, c=conversion, s=spec)
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
    """A plain string, from its opening quote (as ``lexer.STRING_BODY`` reads it)."""
    q = re.escape(quote[0])
    if len(quote) == 3:
        return r"{q}{q}{q}[^\\{q}]*(?:(?:\\[\s\S]|{q}(?!{q}{q}))[^\\{q}]*)*{q}{q}{q}".format(q=q)
    # Not where three quotes open a triple-quoted string: when that one is
    # never closed, the lexer raises, and so the reading must stop.
    return r"{q}(?!{q}{q})[^\\\r\n{q}]*(?:\\(?:\r\n|[\s\S])[^\\\r\n{q}]*)*{q}".format(q=q)


# An f-string prefix at the start of a token, with its quote next.
_FSTRING_START = _FSTRING_PREFIX + r"(?=['\"])"
_AT_FSTRING_START = re.compile(_FSTRING_START)

# What the lexer reads without changing mode, from code back to code: runs
# of characters that start no string, comment or f-string (an "f" is taken
# only where no f-string starts), comments, plain strings (a string's body
# does not depend on its prefix, which is taken as code).  It stops at an
# f-string, at a quote that opens no string, or at the end; or after
# RUN_LIMIT pieces, which bounds the memory the regular expression engine
# keeps for them (unbounded, it grows a hundred times the text's size).
RUN_LIMIT = 1000
_CODE_STRINGS_COMMENTS = re.compile(
    r"(?:[^'\"#fF]+|#[^\r\n]*|{strings}|(?!{start})[fF]){{0,{limit}}}".format(
        strings="|".join(_string(quote) for quote in QUOTES),
        start=_FSTRING_START,
        limit=RUN_LIMIT,
    )
)

# The rest of a plain f-string from its opening quote (compiled on first use:
# a pattern per kind of quote, as few kinds as a file uses).
_PLAIN = {quote: _plain_fstring(quote) for quote in QUOTES}
_compiled: Dict[str, "re.Pattern[str]"] = {}


def _plain_end(text: str, start: int) -> int:
    """The end of the plain f-string whose quote is at ``start``; -1 if not plain."""
    quote = text[start : start + 3]
    if quote not in ("'''", '"""'):
        quote = text[start]
    pattern = _compiled.get(quote)
    if pattern is None:
        pattern = _compiled[quote] = re.compile(_PLAIN[quote])
    match = pattern.match(text, start)
    return -1 if match is None else match.end()


def _fstring_end(text: str, start: int, quote: int) -> int:
    """The end of the f-string at ``start`` if 3.8-3.11 accept it unchanged, else -1.

    The pattern answers for most; the others are lexed on their own and
    judged as the full path judges them.
    """
    end = _plain_end(text, quote)
    if end >= 0:
        return end
    try:
        tokens = tokenize_fstring(text, start)
        (node,) = parse_fstrings(tokens, text)
    except TranspileError:  # the full path reports it, with the whole file lexed
        return -1
    return tokens[-1].end if accepted_before_312(tokens, text, node) else -1


def all_fstrings_plain(text: str) -> bool:
    """True only if every f-string in ``text`` is accepted by 3.8-3.11 unchanged.

    Reads the text as the lexer does, a run of code, comments and strings
    at a time (one regular-expression match), and checks each f-string met.
    """
    skip = _CODE_STRINGS_COMMENTS.match
    at_fstring = _AT_FSTRING_START.match
    position = 0
    end = len(text)
    while True:
        after = skip(text, position).end()
        if after != position:
            position = after
            continue
        if position == end:
            return True
        start = at_fstring(text, position)
        if start is None:  # a quote that opens no string
            return False
        if position and text[position - 1] in "rR":
            position -= 1  # an "rf" prefix, found by its "f"
        position = _fstring_end(text, position, start.end())
        if position < 0:
            return False
