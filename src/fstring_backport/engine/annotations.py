"""Lazy annotations (PEP 649, 3.14) before 3.14: ``from __future__ import annotations``.

Python 3.14 evaluates annotations only when they are asked for, so 3.14
code may annotate with a class defined further down, or with a name
imported only under ``TYPE_CHECKING``; older Pythons evaluate them when the
``def`` or the annotated assignment runs, and raise NameError.  PEP 563's
``from __future__ import annotations`` keeps them unevaluated, as strings,
which ``typing.get_type_hints`` resolves.  With the ``future-annotations``
setting a module that has annotations and lacks that import gets it, on an
existing line (:func:`hoisting.future_place`), so no line moves.

"Has annotations" is read from the tokens, as the engine runs on 3.8 and
cannot use :mod:`ast` on 3.12+ source: a return annotation (``->``), a
``:`` in a ``def``'s parameter list that is not a lambda's, or a ``:`` in a
simple statement that is not a lambda's (``x: int = 0``).
"""

from typing import List

from .lexer import NAME, OP, TRIVIA
from .parsed import Parsed
from .statements import COMPOUND, Statements

FUTURE_ANNOTATIONS = "from __future__ import annotations"

NO_PLACE = (
    "cannot add 'from __future__ import annotations' (future-annotations is on): no line above the first "
    "statement can take it; add a blank line above it (after the docstring, if there is one)"
)

# Soft keywords that start a compound statement, unless the name is a variable's.
_SOFT = frozenset(("match", "case"))
_NOT_A_HEADER_AFTER_SOFT = frozenset((":", "=", ".", ",", ")", ";"))


class _Bracket:
    """An open bracket: whether it holds a ``def``'s parameters, and its
    lambdas whose ``:`` is still to come."""

    __slots__ = ("parameters", "lambdas")

    def __init__(self, parameters: bool) -> None:
        self.parameters = parameters
        self.lambdas = 0


def has_annotations(parsed: Parsed) -> bool:
    """Whether the module annotates a parameter, a return or a variable."""
    statements = Statements([token for token in parsed.tokens if token.kind not in TRIVIA])
    code = statements.code
    stack: List[_Bracket] = []
    header = False  # the simple statement being read is a compound statement's header
    lambdas = 0  # outside brackets
    def_depth = -1  # the bracket depth of a "def" whose parameters are still to come
    for i, token, starts in statements:
        kind, text = token.kind, token.text
        if starts:
            lambdas = 0
            header = (kind == NAME and text in COMPOUND) or (kind == OP and text == "@")
            if kind == NAME and text in _SOFT and code[i + 1].text not in _NOT_A_HEADER_AFTER_SOFT:
                header = True
        if kind == NAME:
            if text == "lambda":
                if stack:
                    stack[-1].lambdas += 1
                else:
                    lambdas += 1
            elif text == "def":
                def_depth = len(stack)
            continue
        if kind != OP:
            continue
        if text == "->":
            return True
        if text in "([{":
            stack.append(_Bracket(text == "(" and def_depth == len(stack)))
            if text == "(":
                def_depth = -1
        elif text in ")]}":
            if stack:
                stack.pop()
        elif text == ":":
            if stack:
                bracket = stack[-1]
                if bracket.lambdas:
                    bracket.lambdas -= 1
                elif bracket.parameters:
                    return True
            elif lambdas:
                lambdas -= 1
            elif header:
                statements.restart()  # ``if x: y: int = 0``
            else:
                return True
        elif text == ";" and not stack:
            statements.restart()
    return False


__all__ = ["FUTURE_ANNOTATIONS", "NO_PLACE", "has_annotations"]
