"""The quick check's test for lazy imports (PEP 810): point 10 of
:mod:`.prefilter_rewrites`, and all that a 3.14 target is checked for.

In a module of its own, which imports nothing but :mod:`re`, for the
import hook's pre-filter (:mod:`fstring_backport.hook.cold_path`), as
:mod:`.prefilter_excepts` is.  A lazy import is the word ``lazy``, blanks
(or a backslash that joins lines), then ``import`` or ``from``: each
``lazy`` is found at memory speed and the rest read where it stands; in a
string or a comment it is a false alarm, which the full path settles.
"""

import re

_LAZY = b"lazy"
# "lazy", then blanks or joined lines, then the keyword as a whole word.
_LAZY_IMPORT = re.compile(rb"lazy(?:[ \t\f]|\\(?:\r\n|\r|\n))+(?:import|from)(?![A-Za-z0-9_\x80-\xff])")
# Bytes that, before "lazy", make it part of a name or an attribute.
_IN_A_NAME = frozenset(rb"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_." + bytes(range(0x80, 0x100)))


def may_import_lazily(text: "str | bytes") -> bool:
    """Whether ``text`` may hold a lazy import; False says it holds none.
    ``text`` is a str, or bytes in an encoding that spells ASCII as ASCII."""
    data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
    find = data.find
    at = find(_LAZY)
    while at >= 0:
        if (at == 0 or data[at - 1] not in _IN_A_NAME) and _LAZY_IMPORT.match(data, at):
            return True
        at = find(_LAZY, at + len(_LAZY))
    return False
