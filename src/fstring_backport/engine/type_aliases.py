"""The ``type`` statement (PEP 695, 3.12): ``type X = value``.

It binds ``X`` to a ``typing.TypeAliasType`` whose ``__value__`` is
computed on first access, in an annotation scope: a function of no
arguments, as ``lambda: value`` is, but for the names of an enclosing
class, which such a scope sees and a lambda does not.  So a ``type``
statement is lowered where it stands in a module or a function, and left
as it is (named, FB416) directly in a class body; one with type parameters
is left too (named, FB411).  3.15's errors for what a type alias may not
hold (``yield``, ``await``, ``:=``) are raised here: a lambda would take
them.
"""

from typing import Iterator, List, NamedTuple, Optional, Tuple

from .lexer import ENDMARKER, NAME, NEWLINE, OP, TRIVIA, Token
from .parsed import Parsed
from .statements import CLASS, innermost_scope, statements_in_blocks

_NOT_IN_ALIAS = {
    "yield": "yield expression cannot be used within a type alias",
    "await": "await expression cannot be used within a type alias",
    ":=": "named expression cannot be used within a type alias",
}
_IN_COMPREHENSION = "assignment expression within a comprehension cannot be used in a type alias"


class TypeAlias(NamedTuple):
    """A ``type X = value`` statement that can be lowered."""

    start: int  # offset of "type"
    name: str
    equals_end: int  # offset just past its "="
    end: int  # offset just past the value


def type_aliases(parsed: Parsed) -> List[TypeAlias]:
    """Each ``type`` statement of ``parsed`` without type parameters and not
    directly in a class body, in the order of the text."""
    if "type" not in parsed.text:
        return []
    code = [token for token in parsed.tokens if token.kind not in TRIVIA]
    found = []
    for i, blocks in statements_in_blocks(code):
        token = code[i]
        if not (token.kind == NAME and token.text == "type" and code[i + 1].kind == NAME):
            continue
        equals = code[i + 2]
        if equals.kind == OP and equals.text == "=" and innermost_scope(blocks) != CLASS:
            last = _value_end(parsed, code, i + 3)
            found.append(TypeAlias(token.offset, code[i + 1].text, equals.end, code[last].end))
    return found


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


__all__ = ["TypeAlias", "type_aliases"]
