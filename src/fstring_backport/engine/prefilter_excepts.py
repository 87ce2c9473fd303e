"""The quick check's test for ``except A, B:`` (PEP 758): point 9 of :mod:`.prefilter_rewrites`.

In a module of its own, which imports nothing but :mod:`re` (not even
:mod:`typing`, 3 ms on 3.8): the import hook's pre-filter
(:mod:`fstring_backport.hook.cold_path`) asks it about every module it
compiles, without loading the quick check's f-string patterns (this
module takes 0.4 ms to import on 3.8 and 3.11, the quick check 4.5-7 ms
more).

:func:`may_bracket_excepts` looks at every ``except`` that starts a line and
passes it only when a ``:``, a comment or the line's end comes before any
``,`` outside brackets, any backslash, quote (but of a one-line string with
no backslash or brace) or bracket nested in a bracket; or when the line
ends (or a comment starts) with no ``:`` and none of those but commas
(prose).  An ``except`` clause starts a line in any valid file, and one
with commas outside brackets has its ``:`` on that line unless a backslash
or an open bracket carries it on.
"""

import re

# What may follow "except" in a clause whose types need no brackets:
# outside brackets, anything but a comma, quote, backslash, bracket or line
# break, up to the ":" (or a comment, or the line's end: not a clause); or,
# with commas, up to a comment or the line's end, no ":" (prose in a
# docstring: a clause with commas has its ":" on that line, or a bracket or
# backslash that carries it to the next).  Inside one pair of brackets,
# anything but a quote, backslash, comment or bracket.
_IN_BRACKETS = r"[^()\[\]{}'\"\\#]*"
# One pair of brackets, or a one-line string with no backslash and no brace
# (a brace could open a field holding the string's own quote: 3.12).
_GROUPS = [r"\(" + _IN_BRACKETS + r"\)", r"\[" + _IN_BRACKETS + r"\]", r"\{" + _IN_BRACKETS + r"\}"] + [
    q + r"[^{}\\\r\n".replace("{}", "{}" + q) + "]*" + q for q in ("'", '"')
]
_EXCEPT_TYPES_PLAIN = (
    "(?:(?:" + "|".join([r"[^()\[\]{}'\"\\:,#\r\n]", *_GROUPS]) + r")*(?:[:#\r\n]|\Z))"
    "|(?:(?:" + "|".join([r"[^()\[\]{}'\"\\:#\r\n]", *_GROUPS]) + r")*(?:[#\r\n]|\Z))"
).encode("ascii")
# The common clause, "except X:" or "except X as e:": no comma, quote,
# backslash or bracket on the rest of its line, which _EXCEPT_TYPES_PLAIN
# passes as well.  Tried first, so that the larger pattern is compiled (0.3
# ms on 3.11, 0.8 ms on 3.8) only in a process that meets another clause.
_SIMPLE_CLAUSE = re.compile(rb"[^()\[\]{}'\"\\,\r\n]*(?:[\r\n]|\Z)")
_compiled: "list[re.Pattern[bytes]]" = []  # _EXCEPT_TYPES_PLAIN, once compiled
_EXCEPT = b"except"
# After "except", a byte that continues the name ("exception").
_NAME_BYTES = frozenset(b for b in range(256) if b >= 0x80 or chr(b).isalnum() or b == ord("_"))
_INDENTATION = b" \t\f"
_BEFORE_CLAUSE = frozenset(b" \t\f\r\n")  # what an except clause's "except" follows


def may_bracket_excepts(text: "str | bytes") -> bool:
    """Whether an ``except`` clause of ``text`` may have unbracketed types;
    False says none has.  ``text`` is a str, or bytes in an encoding that
    spells ASCII as ASCII (UTF-8, Latin-1, a file's own)."""
    return may_bracket_excepts_in_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))


def may_bracket_excepts_in_bytes(data: bytes) -> bool:
    """:func:`may_bracket_excepts` of bytes."""
    find = data.find
    at = find(_EXCEPT)
    size = len(data)
    while at >= 0:
        end = at + len(_EXCEPT)
        if (end == size or data[end] not in _NAME_BYTES) and (at == 0 or data[at - 1] in _BEFORE_CLAUSE):
            line_start = data.rfind(b"\n", 0, at) + 1
            line_start = data.rfind(b"\r", line_start, at) + 1 or line_start  # old Mac line ends
            if (
                not data[line_start:at].strip(_INDENTATION)
                and _SIMPLE_CLAUSE.match(data, end) is None
                and _types_plain().match(data, end) is None
            ):
                return True
        at = find(_EXCEPT, end)
    return False


def _types_plain() -> "re.Pattern[bytes]":
    if not _compiled:
        _compiled.append(re.compile(_EXCEPT_TYPES_PLAIN))
    return _compiled[0]
