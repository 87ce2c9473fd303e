"""``{y := f(x), 2}`` (3.9) and ``a[i := 0]`` (3.10): an assignment
expression directly in a set or a subscript gets brackets for older
targets, ``{(y := f(x)), 2}``, ``a[(i := 0)]``: the same expression.

The brackets are written into the tokens (the name's, and the value's
last, or the token after the value where the last is a string), through
the lowerer, so that one in an f-string's field is written with them
too."""

from bisect import bisect_left
from typing import Iterator, List, Tuple

from .. import rules
from ..lexer import FSTRING_END, NAME, OP, STRING, TSTRING_END, Token
from ..prefilter_constructs import may_walrus_unbracketed
from ..rules import Rule
from .module import Edit, Module, Rewriting, wrap_token

RULES = (rules.SET_WALRUS, rules.SUBSCRIPT_WALRUS)
MAY_HOLD = may_walrus_unbracketed  # the quick check's test for them
_STRING_ENDS = frozenset([STRING, FSTRING_END, TSTRING_END])


def problems(module: Module, version: Tuple[int, int]) -> Iterator[Tuple[int, Rule]]:
    for found in module.to_lower(RULES, version, MAY_HOLD):
        yield found.start, found.rule


def edits(rewriting: Rewriting) -> Iterator[Edit]:
    module = rewriting.module
    found = module.to_lower(RULES, rewriting.version, MAY_HOLD)
    if not found:
        return
    tokens = module.tokens
    code, offsets = module.code, module.code_offsets
    for construct in found:
        walrus = bisect_left(offsets, construct.start)
        name = code[walrus - 1]
        if tokens[name].kind != NAME:
            continue  # "a.b := 1": Python's own error, where it compiles the output
        last, after = _value_end(tokens, code, walrus)
        closing = after if tokens[last].kind in _STRING_ENDS else last  # the lowering writes a string otherwise
        yield wrap_token(rewriting, name, "(", "")
        yield wrap_token(rewriting, closing, ")" if closing == after else "", "" if closing == after else ")")


def _value_end(tokens: List[Token], code: List[int], walrus: int) -> Tuple[int, int]:
    """The value's last token after the ``:=`` at ``code[walrus]``, and the
    token after it: a comma, the closing bracket, or a comprehension's
    ``for`` (or its ``async``) (indices into ``tokens``)."""
    depth = lambdas = 0
    at = walrus + 1
    while True:
        token = tokens[code[at]]
        if token.kind == OP and token.text in ("(", "[", "{"):
            depth += 1
        elif token.kind == OP and token.text in (")", "]", "}"):
            if depth == 0:
                break
            depth -= 1
        elif depth == 0 and token.kind == OP and token.text == "," and not lambdas:  # not between its parameters
            break
        elif depth == 0 and token.kind == OP and token.text == ":":
            if not lambdas:
                break
            lambdas -= 1
        elif depth == 0 and token.kind == NAME and token.text == "lambda":
            lambdas += 1
        elif depth == 0 and token.kind == NAME and token.text in ("for", "async"):
            if token.text == "for" or tokens[code[at + 1]].text == "for":
                break
        at += 1
    return code[at - 1], code[at]

