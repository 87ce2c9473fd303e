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

:mod:`.prefilter_constructs` asks it too, for the same bytes (the
command line's check after its rewrite): the last answer is kept.
"""

import re

_BLANK = rb"(?:[ \t\f]|\\(?:\r\n|\r|\n))"
_TYPE_STATEMENT = re.compile(
    rb"type"
    + _BLANK
    + rb"+(?!(?:in|is|if|else|and|or|not|for|lambda)(?![A-Za-z0-9_\x80-\xff]))"  # "for type in [a]:"
    + rb"[A-Za-z_\x80-\xff][A-Za-z0-9_\x80-\xff]*"
    + _BLANK
    + rb"*(?:=(?!=)|\[)"
)
# Bytes that, before "type", make it part of a name or an attribute.
_IN_A_NAME = frozenset(rb"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_." + bytes(range(0x80, 0x100)))


def may_alias_types(text: "str | bytes") -> bool:
    """Whether ``text`` may hold a ``type`` statement; False says it holds
    none.  ``text`` is a str, or bytes in an encoding that spells ASCII as
    ASCII."""
    data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
    if data is _last[0]:
        return _last[1]
    found = False
    for match in _TYPE_STATEMENT.finditer(data):
        at = match.start()
        if at == 0 or data[at - 1] not in _IN_A_NAME:
            found = True
            break
    _last[:] = [data, found]
    return found


_last: list = [None, False]  # the bytes last asked about, and the answer
