"""The quick check's test for ``type`` statements (PEP 695): point 11 of
:mod:`.prefilter_rewrites`.

In a module of its own, which imports nothing but :mod:`re`, for the
import hook's pre-filter (:mod:`fstring_backport.hook.cold_path`), as
:mod:`.prefilter_excepts` is.  A ``type`` statement is the word ``type``,
blanks (or a backslash that joins lines), a name, and ``=`` (not ``==``)
or the ``[`` of type parameters: one pattern led by the literal, which
:mod:`re` finds at memory speed (a ``bytes.find`` loop costs more: ``type``
is a common word), and the byte before each match read in Python; in a
string or a comment a match is a false alarm, which the full path settles.

The quick check asks for a statement with ``=``, which the rewrites
lower; :mod:`.prefilter_constructs` asks for either kind, as type
parameters are named, for the same bytes (the command line's check after
its rewrite): one search answers both, kept for the bytes last asked about.
"""

import re

_BLANK = rb"(?:[ \t\f]|\\(?:\r\n|\r|\n))"
_TYPE_STATEMENT = re.compile(
    rb"type"
    + _BLANK
    + rb"+(?!(?:in|is|if|else|and|or|not|for|lambda)(?![A-Za-z0-9_\x80-\xff]))"  # "for type in [a]:"
    + rb"[A-Za-z_\x80-\xff][A-Za-z0-9_\x80-\xff]*"
    + _BLANK
    + rb"*(=(?!=)|\[)"
)
# Bytes that, before "type", make it part of a name or an attribute.
_IN_A_NAME = frozenset(rb"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_." + bytes(range(0x80, 0x100)))


def may_alias_types(text: "str | bytes") -> bool:
    """Whether ``text`` may hold a ``type`` statement without type
    parameters, which the rewrites lower; False says it holds none.
    ``text`` is a str, or bytes in an encoding that spells ASCII as ASCII."""
    return b"=" in _statement_kinds(text)


def may_hold_type_statements(text: "str | bytes") -> bool:
    """Whether ``text`` may hold a ``type`` statement, with type parameters
    or not; False says it holds none."""
    return bool(_statement_kinds(text))


def _statement_kinds(text: "str | bytes") -> bytes:
    """What follows the name in the ``type`` statements ``text`` may hold:
    ``=``, ``[`` (type parameters), both or neither; the answer for the
    bytes last asked about is kept (the quick check and the scan ask in
    turn)."""
    data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
    if data is _last[0]:
        return _last[1]
    kinds = b""
    for match in _TYPE_STATEMENT.finditer(data):
        at = match.start()
        if (at == 0 or data[at - 1] not in _IN_A_NAME) and match.group(1) not in kinds:
            kinds += match.group(1)
            if len(kinds) == 2:
                break
    _last[:] = [data, kinds]
    return kinds


_last: list = [None, b""]  # the bytes last asked about, and what was found
