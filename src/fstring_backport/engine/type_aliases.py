"""The ``type`` statement (PEP 695, 3.12): ``type X = value``.

It binds ``X`` to a ``typing.TypeAliasType`` whose ``__value__`` is
computed on first access, in an annotation scope: a function of no
arguments, as ``lambda: value`` is, but for the names of an enclosing
class, which such a scope sees and a lambda does not.  So a ``type``
statement is lowered where it stands in a module or a function; directly
in a class body, the names its value reads are looked up as the scope
looks them up (:func:`class_names` finds them), unless the value holds a
scope of its own (a lambda, a comprehension), an f-string or t-string, or
a name that the class mangles, or the class is inside a function (where
the scope skips the function's names that the class binds, as a lambda
does not), or declares ``global`` or ``nonlocal`` names (which the scope
does not look for in the class): that one is left as it is (named,
FB416; :func:`lowered_in_classes`).
One with type parameters is left too (named, FB411).  3.15's errors for
what a type alias may not hold (``yield``, ``await``, ``:=``) are raised
here: a lambda would take them.
"""

from typing import Dict, Iterator, List, NamedTuple, Optional, Tuple

from .lexer import ENDMARKER, NAME, NEWLINE, NUMBER, OP, STRING, TRIVIA, Token
from .parsed import Parsed
from .statements import CLASS, FUNCTION, innermost_scope, statements_in_blocks

_NOT_IN_ALIAS = {
    "yield": "yield expression cannot be used within a type alias",
    "await": "await expression cannot be used within a type alias",
    ":=": "named expression cannot be used within a type alias",
}
_IN_COMPREHENSION = "assignment expression within a comprehension cannot be used in a type alias"
# Words of a value that name nothing to look up.
_NOT_NAMES = frozenset(("None", "True", "False", "and", "or", "not", "in", "is", "if", "else", "__debug__"))
# Words that open a scope of their own, which does not see the class's names
# (3.15: a lambda's body, a comprehension but for its first iterable), or
# that the annotation scope treats apart (``super()``, ``__class__``).
_NOT_LOWERED_IN_CLASS = frozenset(("lambda", "for", "async", "super", "__class__"))


class TypeAlias(NamedTuple):
    """A ``type X = value`` statement that can be lowered."""

    start: int  # offset of "type"
    name: str
    qualname: str  # as 3.15 names it: "f.<locals>.X" in a function f, "C.X" in a class C
    equals_end: int  # offset just past its "="
    end: int  # offset just past the value
    # Directly in a class body: the names its value looks up (else None).
    class_names: Optional[Tuple[Token, ...]] = None


def type_aliases(parsed: Parsed) -> List[TypeAlias]:
    """Each ``type`` statement of ``parsed`` without type parameters, but
    those directly in a class body that are not lowered, in the order of
    the text."""
    if "type" not in parsed.text:
        return []
    code = [token for token in parsed.tokens if token.kind not in TRIVIA]
    found = []
    in_classes: Optional[Dict[int, Tuple[Token, ...]]] = None  # found on the first in a class body
    headers: Dict[int, str] = {}  # by depth of blocks: the name of the last def or class there
    for i, blocks in statements_in_blocks(code):
        token = code[i]
        if token.kind == NAME and token.text in ("def", "class"):
            headers[len(blocks)] = code[i + 1].text
        elif token.kind == NAME and token.text == "async" and code[i + 1].text == "def":
            headers[len(blocks)] = code[i + 2].text
        if not (token.kind == NAME and token.text == "type" and code[i + 1].kind == NAME):
            continue
        equals = code[i + 2]
        if not (equals.kind == OP and equals.text == "="):
            continue
        last = _value_end(parsed, code, i + 3)
        names = None
        if innermost_scope(blocks) == CLASS:
            if in_classes is None:
                in_classes = lowered_in_classes(code)
            names = in_classes.get(i)
            if names is None:
                continue
        name = code[i + 1].text
        found.append(TypeAlias(token.offset, name, _qualname(name, blocks, headers), equals.end, code[last].end, names))
    return found


def _qualname(name: str, blocks: List[str], headers: Dict[int, str]) -> str:
    """The qualified name of an alias ``name`` bound in ``blocks``, given
    the def or class that opened each (``headers``)."""
    parts = []
    for depth, kind in enumerate(blocks):
        if kind == CLASS:
            parts.append(headers[depth])
        elif kind == FUNCTION:
            parts.append(headers[depth] + ".<locals>")
    return ".".join([*parts, name])


def lowered_in_classes(code: List[Token]) -> Dict[int, Tuple[Token, ...]]:
    """The ``type`` statements without type parameters directly in a class
    body that are lowered (the indices of their first code tokens), each
    with the names its value looks up (see the module's doc)."""
    class_at: Dict[int, int] = {}  # by depth of blocks: the last class header there
    declaring = set()  # the classes (their headers) that declare global or nonlocal names
    found: List[Tuple[int, int, Tuple[Token, ...]]] = []
    for i, blocks in statements_in_blocks(code):
        token = code[i]
        if token.kind == NAME and token.text == "class":
            class_at[len(blocks)] = i
        scope = _innermost_depth(blocks)
        if scope is None or blocks[scope] != CLASS or token.kind != NAME:
            continue
        owner = class_at[scope]
        if token.text in ("global", "nonlocal"):
            declaring.add(owner)
        elif token.text == "type" and code[i + 1].kind == NAME and code[i + 2].text == "=" and FUNCTION not in blocks:
            names = class_names(code, i + 3)
            if names is not None:
                found.append((i, owner, names))
    return {i: names for i, owner, names in found if owner not in declaring}


def _innermost_depth(blocks: List[str]) -> Optional[int]:
    """The depth of the innermost function or class body among ``blocks``."""
    for depth in range(len(blocks) - 1, -1, -1):
        if blocks[depth] in (FUNCTION, CLASS):
            return depth
    return None


def class_names(code: List[Token], first: int) -> Optional[Tuple[Token, ...]]:
    """The names that the value from ``code[first]`` on looks up, of a
    ``type`` statement directly in a class body; None where it is not
    lowered there (see the module's doc)."""
    names: List[Token] = []
    depth = 0
    i = first
    while True:
        token = code[i]
        kind, text = token.kind, token.text
        if kind in (NEWLINE, ENDMARKER) or (kind == OP and text == ";" and not depth):
            return tuple(names)
        if kind == OP:
            depth += (text in "([{") - (text in ")]}")
        elif kind == NAME:
            if text in _NOT_LOWERED_IN_CLASS or (text.startswith("__") and not text.endswith("__")):
                return None
            attribute = code[i - 1].kind == OP and code[i - 1].text == "."
            keyword = code[i + 1].kind == OP and code[i + 1].text == "="  # of an argument
            if not (text in _NOT_NAMES or attribute or keyword):
                names.append(token)
        elif kind not in (NUMBER, STRING):
            return None  # an f-string or t-string
        i += 1


def _value_end(parsed: Parsed, code: List[Token], first: int) -> int:
    """The index of the value's last token, which starts at ``code[first]``;
    3.15's error where it holds what a type alias may not."""
    depth = 0
    groups: List[int] = []  # the openers of the brackets the token is in
    lambdas = 0  # a lambda's body may hold them: not looked at further
    i = first
    while True:
        token = code[i]
        kind, text = token.kind, token.text
        if kind in (NEWLINE, ENDMARKER) or (kind == OP and text == ";" and not depth):
            return i - 1
        if kind == OP and text in "([{":
            depth += 1
            groups.append(i)
        elif kind == OP and text in ")]}":
            depth -= 1
            groups.pop()
        elif kind == NAME and text == "lambda":
            lambdas += 1
        elif not lambdas and text in _NOT_IN_ALIAS and kind in (NAME, OP):
            _refuse(parsed, code, i, groups)
        i += 1


def _refuse(parsed: Parsed, code: List[Token], at: int, groups: List[int]) -> None:
    """Raise 3.15's error for ``code[at]`` (``yield``, ``await``, ``:=``),
    spanning its expression: to the end of its bracket or of the value."""
    token = code[at]
    start = code[at - 1] if token.text == ":=" else token  # the name it binds
    end = _group_end(code, groups[-1] if groups else None, at)
    if token.text == ":=" and _in_comprehension(code, groups):
        raise parsed.error(_IN_COMPREHENSION, start.offset, start.end)  # at the name, as 3.15 has it
    raise parsed.error(_NOT_IN_ALIAS[token.text], start.offset, end.end)


def _group_end(code: List[Token], opener: Optional[int], at: int) -> Token:
    """The last token before the bracket that closes ``opener`` (or before
    the statement's end, with no bracket)."""
    last = at
    for i, depth in _until_closed(code, at):
        token = code[i]
        if depth == 0 and (token.kind == NEWLINE or (opener is None and token.kind == OP and token.text == ";")):
            break
        last = i
    return code[last]


def _in_comprehension(code: List[Token], groups: List[int]) -> bool:
    """Whether a bracket around the token holds a ``for`` at its own level."""
    return any(
        depth == 0 and code[i].kind == NAME and code[i].text == "for"
        for opener in groups
        for i, depth in _until_closed(code, opener + 1)
    )


def _until_closed(code: List[Token], i: int) -> Iterator[Tuple[int, int]]:
    """(index, depth) of each token from ``code[i]`` up to the bracket that
    closes the one it is in (the module's end, for none)."""
    depth = 0
    while code[i].kind != ENDMARKER:
        token = code[i]
        if token.kind == OP and token.text in ")]}":
            if depth == 0:
                return
            depth -= 1
        yield i, depth
        if token.kind == OP and token.text in "([{":
            depth += 1
        i += 1


__all__ = ["TypeAlias", "class_names", "lowered_in_classes", "type_aliases"]
