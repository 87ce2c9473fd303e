"""What 3.15 says of a decorator that is no single expression but that a
call's brackets would take as arguments (``@a, b``, ``@a = b``, ``@*a``,
``@x for x in y``): lowering a decorator for 3.8 puts it in a call, so
these are refused first, in 3.15's words and at its place (measured
against python3.15; tests/engine/rewrites/test_lower_decorator_expressions.py).
"""

from typing import Iterator, List, Tuple

from .lexer import (
    FSTRING_END,
    FSTRING_MIDDLE,
    FSTRING_START,
    NAME,
    OP,
    STRING,
    TSTRING_END,
    TSTRING_MIDDLE,
    TSTRING_START,
    Token,
)
from .parsed import Parsed


def refuse_what_315_refuses(parsed: Parsed, expression: List[Token]) -> None:
    """Raise 3.15's error where the tokens after the ``@`` are no single
    expression but would be a call's arguments: unpacked, a ``yield``,
    several, a keyword argument or a generator."""
    first = expression[0]
    if (first.kind == OP and first.text in ("*", "**")) or (first.kind == NAME and first.text == "yield"):
        raise parsed.error("invalid syntax", first.offset, first.end)
    depth = lambdas = 0
    for index, token in enumerate(expression):
        if token.kind == OP and token.text in ("(", "[", "{"):
            depth += 1
        elif token.kind == OP and token.text in (")", "]", "}"):
            depth -= 1
        elif depth:
            continue
        elif token.kind == NAME and token.text == "lambda":
            lambdas += 1
        elif token.kind == OP and token.text == ":" and lambdas:
            lambdas -= 1
        elif token.kind == NAME and token.text == "for":
            raise parsed.error("invalid syntax", token.offset, token.end)
        elif token.kind == NAME and token.text == "async" and _text_at(expression, index + 1) == "for":
            raise parsed.error("invalid syntax", token.offset, token.end)
        elif token.kind == OP and token.text == "," and not lambdas:  # not between a lambda's parameters
            raise parsed.error("invalid syntax", token.offset, token.end)
        elif token.kind == OP and token.text == "=" and not lambdas:
            _refuse_an_assignment(parsed, expression, index)


def _refuse_an_assignment(parsed: Parsed, expression: List[Token], equals: int) -> None:
    """``@a = b``, as 3.15 reads an ``=`` after an operand of ``|``: a hint
    that names what stands before it; plain "invalid syntax" at the ``=``
    where more follows (another ``=``), an operator of lower precedence
    stands before it, or a tuple, a list, a generator, True, False or None."""
    left, right = expression[:equals], expression[equals + 1 :]
    if left and right and not _holds_at_top(left, _BELOW_BITWISE_OR) and not _holds_at_top(right, ("=", ":=")):
        if len(left) == 1 and left[0].kind == NAME and left[0].text not in _CONSTANTS:
            end = _unbracketed(right[: _operand_length(right)])[-1].end
            raise parsed.error(
                "invalid syntax. Maybe you meant '==' or ':=' instead of '='?", left[0].offset, end
            )
        left = _unbracketed(left)
        what = _assigned_kind(left)
        if what:
            raise parsed.error(
                f"cannot assign to {what} here. Maybe you meant '==' instead of '='?", left[0].offset, left[-1].end
            )
    raise parsed.error("invalid syntax", expression[equals].offset, expression[equals].end)


# What stands between an operand of "|" and a whole expression: comparisons,
# "not", "and", "or", a conditional, a lambda, an assignment.
_BELOW_BITWISE_OR = ("<", ">", "==", ">=", "<=", "!=", "in", "not", "is", "and", "or", "if", "else", "lambda", ":=")
_CONSTANTS = ("True", "False", "None")
_OPENERS, _CLOSERS = ("(", "[", "{"), (")", "]", "}")


def _at_top(tokens: List[Token]) -> Iterator[Token]:
    """The tokens outside brackets (the brackets of the top level included)."""
    depth = 0
    for token in tokens:
        if token.kind == OP and token.text in _CLOSERS:
            depth -= 1
        if not depth:
            yield token
        if token.kind == OP and token.text in _OPENERS:
            depth += 1


def _holds_at_top(tokens: List[Token], texts: Tuple[str, ...]) -> bool:
    """Whether one of ``texts`` stands in ``tokens`` outside brackets."""
    return any(token.text in texts and token.kind in (OP, NAME) for token in _at_top(tokens))


def _operand_length(tokens: List[Token]) -> int:
    """How many of ``tokens`` the operand of ``|`` that they start with takes."""
    for token in _at_top(tokens):
        if token.text in _BELOW_BITWISE_OR and token.kind in (OP, NAME):
            return tokens.index(token)
    return len(tokens)


def _bracketed(tokens: List[Token]) -> bool:
    """Whether the first of ``tokens`` opens a bracket that the last closes."""
    inside = list(_at_top(tokens))
    return len(inside) == 2 and inside[0].text in _OPENERS and inside[1].text in _CLOSERS


def _unbracketed(tokens: List[Token]) -> List[Token]:
    """``tokens`` without the round brackets around them, where they group
    (a tuple's or a generator's are its own)."""
    while _bracketed(tokens) and tokens[0].text == "(" and len(tokens) > 2:
        inner = tokens[1:-1]
        if _holds_at_top(inner, (",", "for")):
            break
        tokens = inner
    return tokens


def _assigned_kind(tokens: List[Token]) -> str:
    """What 3.15 calls an operand that ``=`` cannot follow ("" for those it
    gives no hint for)."""
    first, last = tokens[0], tokens[-1]
    top = [token.text for token in _at_top(tokens[1:-1])] if _bracketed(tokens) else []
    if _bracketed(tokens) and first.text == "(":
        return ""  # a tuple or a generator
    if _bracketed(tokens) and first.text == "[":
        return "list comprehension" if "for" in top else ""
    if _bracketed(tokens):
        if ":" in top or "**" in top or len(tokens) == 2:
            return "dict comprehension" if "for" in top else "dict literal"
        return "set comprehension" if "for" in top else "set display"
    if len(tokens) == 1:
        if first.kind == NAME:
            return "" if first.text in _CONSTANTS else "name"
        return "ellipsis" if first.text == "..." else "literal"
    if first.kind == NAME and first.text == "await":
        return "await expression"
    if last.kind == NAME and tokens[-2].text == ".":
        return "attribute"
    if last.text in (")", "]"):
        return "function call" if last.text == ")" else "subscript"
    if all(token.kind == STRING for token in tokens):
        return "literal"
    top_level = list(_at_top(tokens))
    if all(token.kind in _STRING_PARTS or token.text in "{}" for token in top_level):
        # strings, one of them an f-string or a t-string, its fields aside
        templates = any(token.kind == TSTRING_START for token in top_level)
        return "t-string expression" if templates else "f-string expression"
    return "expression"


_STRING_PARTS = frozenset(
    (STRING, FSTRING_START, FSTRING_MIDDLE, FSTRING_END, TSTRING_START, TSTRING_MIDDLE, TSTRING_END)
)


def _text_at(tokens: List[Token], index: int) -> str:
    return tokens[index].text if index < len(tokens) else ""
