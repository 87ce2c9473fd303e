"""A fast, conservative answer to "may this text use grammar newer than
its target?", from its bytes.

False says no construct of :mod:`.constructs` is there; True says only
"perhaps", and :mod:`.constructs` reads the tokens.  Most texts get False
without being lexed.

Each pattern finds every place where a construct could be, blind to
strings and comments (a match there is a false alarm, never a miss).  Each
starts with a literal (``*``, ``:=``, ``with``, ``match``, ``def``...),
which :mod:`re` finds at memory speed, and checks the rest where it
stands: a keyword where it opens the construct, a ``*`` that unpacks
somewhere other than a call's or a ``def``'s brackets, a decorator line
that is not a dotted name called at most once.  Where a pattern reads a
bracket's contents it reads them as balanced brackets, one-line strings
and plain characters; what it cannot read that way (a comment, a
backslash, a triple-quoted string, brackets nested deeper) makes it
answer True.  Only the patterns of constructs newer than the target run:
for a 3.12 target, two.

Imports nothing but :mod:`re`: the import hook's cold path may ask it.
"""

import re
from typing import Dict, List, Tuple

_NAME_BYTES = rb"A-Za-z0-9_\x80-\xff"  # inside a class: bytes of a name (any past ASCII may be)
_NAME = rb"[A-Za-z_\x80-\xff][" + _NAME_BYTES + rb"]*"
_BLANK = rb"(?:[ \t\f]|\\(?:\r\n|\r|\n))"
_SPACE = rb"(?:[ \t\f\r\n]|\\(?:\r\n|\r|\n))"  # inside brackets, line breaks too
_LINE_END = rb"(?:#[^\r\n]*)?(?:\r\n|\r|\n|\Z)"
# A one-line string, escapes and all (its prefix reads as plain characters).
_STRING = rb"""'(?:[^'\\\r\n]|\\[^\r\n])*'|"(?:[^"\\\r\n]|\\[^\r\n])*\""""


def _keyword(word: bytes) -> bytes:
    """``word`` as a whole word: not part of a name, nor an attribute."""
    return word + rb"(?<![" + _NAME_BYTES + rb".]" + word + rb")(?![" + _NAME_BYTES + rb"])"


_groups = iter(range(1_000_000))  # names for the atomic groups' captures


def _atomic(pattern: bytes) -> bytes:
    """``pattern`` matched once, as long as it goes, never given back (an
    atomic group, which :mod:`re` has only from 3.11): a lookahead that
    captures, and a reference to what it captured.  Without it the engine
    tries every way to split a text that does not match."""
    name = b"a%d" % next(_groups)
    return b"(?=(?P<" + name + b">" + pattern + b"))(?P=" + name + b")"


def _balanced(plain: bytes, depth: int = 3) -> bytes:
    """A run of ``plain`` characters, strings, and bracket pairs nested
    ``depth`` deep at most (inside them, anything but a comment or a
    backslash is plain; a pair may close with another kind of bracket,
    which valid code never does)."""
    inside = rb"""(?:[^()\[\]{}'"#\\]|""" + _STRING + rb")*"
    for _ in range(depth - 1):
        inside = rb"""(?:[^()\[\]{}'"#\\]|""" + _STRING + rb"|" + _atomic(rb"[(\[{]" + inside + rb"[)\]}]") + rb")*"
    return _atomic(b"(?:" + plain + b"|" + _STRING + b"|" + _atomic(rb"[(\[{]" + inside + rb"[)\]}]") + b")*")


# One item of a bracket's list, up to a comma or the closing bracket at its
# level; and one that holds no "for" at its level (a comprehension's).
_ITEM = _balanced(rb"""[^()\[\]{}'"#\\,\r\n]""")
_ITEM_NO_FOR = _balanced(
    rb"""(?:(?!(?<![""" + _NAME_BYTES + rb"""])for(?![""" + _NAME_BYTES + rb"""]))[^()\[\]{}'"#\\,\r\n])"""
)
# After a "*" that unpacks in a call or a def's parameters: its item and
# the others to the closing ")" (a "*" the rest of a pattern finds inside
# them is tried on its own).
_IN_PARENTHESES = (
    _ITEM_NO_FOR
    + _atomic(rb"(?:" + _SPACE + rb"*," + _SPACE + rb"*(?:\*\*?|=)?" + _ITEM + rb")*")
    + _SPACE
    + rb"*\)"
)
# What a "*" that multiplies comes right after: the end of an operand.
_OPERAND_END = rb"[" + _NAME_BYTES + rb""")\]}'"]"""


def _patterns() -> List[Tuple[Tuple[int, int], bytes, bool]]:
    """(the oldest Python that reads them all, a pattern, whether a match
    is only a place for :func:`_where_it_counts` to look at) for each
    construct."""
    dotted = _NAME + rb"(?:" + _BLANK + rb"*\." + _BLANK + rb"*" + _NAME + rb")*"
    call = rb"\(" + _balanced(rb"""[^()\[\]{}'"#\\]""") + rb"\)" + _BLANK + rb"*"
    # A "*" right after "in" (a for statement's iterable), "except" or an
    # annotation's ":": new syntax wherever it is.
    always = b"|".join(
        rb"(?<=" + before + rb"\*)" for before in (rb"[^" + _NAME_BYTES + rb"]in", rb"[^" + _NAME_BYTES + rb"]in ",
                                                   b"except", b"except ", b":", b": ")
    )
    # Any other "*" or "**" that unpacks (not right after an operand, which
    # it would multiply), unless in a call's or a def's parentheses.
    unpacking = (
        rb"(?<!" + _OPERAND_END + rb"\*)(?<!" + _OPERAND_END + rb" \*)(?<!\*\*)\*?(?!" + _IN_PARENTHESES + rb")"
    )
    return [
        # parenthesized context managers (3.9): "with ("
        ((3, 9), _keyword(b"with") + _BLANK + rb"*\(", False),
        # PEP 614 (3.9): an "@" not followed by a dotted name called at most
        # once and its line's end, where it starts a line
        ((3, 9), rb"@(?!" + _BLANK + rb"*" + dotted + _BLANK + rb"*(?:" + call + rb")?" + _LINE_END + rb")", True),
        # ":=" in a set display (3.9) or a subscript (3.10), read back to its bracket
        ((3, 10), rb":=", True),
        # the match statement (3.10): "match" not assigned, called, subscripted
        # or annotated, where it starts a line
        ((3, 10), _keyword(b"match") + rb"(?!" + _BLANK + rb"*(?:[=.,;)\]}:]|[-+*/%&|^@<>]=|//=|\*\*=|>>=|<<=|$))",
         True),
        # "*" right after "in" (a for statement's iterable, 3.9), "except"
        # (3.11) or an annotation's ":" (*args: *Ts, 3.11)
        ((3, 11), rb"\*(?:" + always + rb")", False),
        # any other "*" that unpacks, but in a call's or a def's parentheses:
        # in a subscript (3.11) or a for statement's iterable (3.9), read back
        # to its bracket
        ((3, 11), rb"\*" + unpacking, True),
        # type parameters (3.12) and their defaults (3.13)
        ((3, 13), _keyword(b"def") + _BLANK + rb"+" + _NAME + _BLANK + rb"*\[", False),
        ((3, 13), _keyword(b"class") + _BLANK + rb"+" + _NAME + _BLANK + rb"*\[", False),
        # the type statement (3.12), its parameters' defaults (3.13)
        ((3, 13), _keyword(b"type") + _BLANK + rb"+" + _NAME + _BLANK + rb"*(?:\[|=(?!=))", False),
        # lazy imports (3.15)
        ((3, 15), _keyword(b"lazy") + _BLANK + rb"+(?:import|from)(?![" + _NAME_BYTES + rb"])", False),
        # unpacking first in a comprehension (3.15): "*" or "**" right after an
        # opening bracket, its item not followed by "," or the closing bracket
        ((3, 15), rb"\*(?:(?<=[\[({]\*)|(?<=[\[({] \*))\*?(?!" + _ITEM_NO_FOR + _SPACE + rb"*[,)\]}])", False),
    ]


_compiled: Dict[Tuple[int, int], List[Tuple["re.Pattern[bytes]", bool]]] = {}


def _searches(target: Tuple[int, int]) -> List[Tuple["re.Pattern[bytes]", bool]]:
    found = _compiled.get(target)
    if found is None:
        found = _compiled[target] = [
            (re.compile(pattern), check) for needs, pattern, check in _patterns() if needs > target
        ]
    return found


def may_use_newer_grammar(data: bytes, target: Tuple[int, int]) -> bool:
    """Whether ``data`` (UTF-8, or any encoding that spells ASCII as ASCII)
    may hold a construct that Python ``target`` rejects; False is sure."""
    for pattern, check in _searches(target):
        if not check:
            if pattern.search(data) is not None:
                return True
            continue
        for match in pattern.finditer(data):
            if _where_it_counts(data, match.start()):
                return True
    return False


def _where_it_counts(data: bytes, at: int) -> bool:
    """Whether the match at ``at`` may be the construct: an ``@`` or a
    ``match`` only where it starts a line (after blanks); a ``:=`` only
    directly inside a brace or a subscript; a ``*`` that is not in a
    call's or a def's parentheses only in a subscript, or in a for
    statement's iterable (a list's, a set's or an assignment's is 3.8's).
    Where the reading back gives up, it may."""
    first = data[at : at + 1]
    if first == b"@" or first == b"m":
        return _line_before(data, at).strip(b" \t\f") == b""
    if first == b":" or first == b"*":
        opener = _innermost_opener(data, at)
        if opener == b"?" or (opener == b"{" and first == b":"):
            return True
        if opener == b"[":
            before = data[: data.rfind(b"[", 0, at)].rstrip(b" \t\f")
            return before[-1:] in _OPERAND_LAST and not before.endswith(_KEYWORDS_BEFORE_A_LIST)
        if opener == b"" and first == b"*":
            return _line_before(data, at).lstrip(b" \t\f").startswith((b"for ", b"for\t", b"async "))
        return opener == b"("  # what the pattern could not read as a call's or a def's items
    return True


def _line_before(data: bytes, at: int) -> bytes:
    """The text from the start of ``at``'s line to ``at``."""
    return data[max(data.rfind(b"\n", 0, at), data.rfind(b"\r", 0, at)) + 1 : at]


# The last byte of an operand: a "[" after one subscripts it; and the words
# after which a "[" opens a list though a name's byte precedes it.
_OPERAND_LAST = frozenset(
    bytes((byte,)) for byte in range(256) if byte >= 0x80 or chr(byte).isalnum() or chr(byte) in "_)]}'\""
)
_KEYWORDS_BEFORE_A_LIST = tuple(
    b" " + word for word in b"in not and or is if else return yield await assert del elif while for lambda".split()
) + tuple(b"\t" + word for word in b"in not and or is if else return yield await assert".split())


# How far back :func:`_innermost_opener` reads before it gives up.
_READ_BACK = 4096


def _innermost_opener(data: bytes, at: int) -> bytes:
    """The bracket that ``at`` is directly inside, read backwards: ``b"("``,
    ``b"["``, ``b"{"``, ``b""`` for none, or ``b"?"`` where a quote, a
    comment or a backslash, or distance, makes the reading unsure.

    Reading goes back over lines while the line above may go on into this
    one (it ends in a comma, an operator, an opening bracket or a
    backslash); a line above that ends otherwise ends a statement."""
    depth = 0
    position = at
    stop = max(0, at - _READ_BACK)
    while position > stop:
        position -= 1
        byte = data[position]
        if byte in b")]}":
            depth += 1
        elif byte in b"([{":
            if depth == 0:
                return bytes((byte,))
            depth -= 1
        elif byte in b"'\"#\\":
            return b"?"
        elif byte in b"\r\n":
            line_start = max(data.rfind(b"\n", 0, position), data.rfind(b"\r", 0, position)) + 1
            above = data[line_start:position]
            if b"#" in above:
                return b"?"
            if depth == 0 and not above.rstrip(b" \t\f").endswith(_GOES_ON):
                return b""
    return b"?" if position > 0 else b""


# What a line that goes on into the next may end in (":" ends a header).
_GOES_ON = tuple(bytes((byte,)) for byte in b"\\([{,+-*/%&|^@<>=.~")
