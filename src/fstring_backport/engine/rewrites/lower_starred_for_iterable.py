"""``for x in *a, *b:`` (3.9): a for statement's iterable with a starred
item gets brackets for 3.8, ``for x in (*a, *b):``, the same tuple built
at the same time.  The brackets go around the iterable as it is written,
from the first token after ``in`` to the last before the header's ``:``,
so nothing moves to another line."""

from bisect import bisect_left
from typing import Iterator, List, Tuple

from .. import rules
from ..lexer import NAME, OP, Token
from ..prefilter_for_iterables import may_star_for_iterables
from ..rules import Rule
from .module import Edit, Module, Rewriting, is_token, nesting

RULES = (rules.STARRED_FOR_ITERABLE,)
MAY_HOLD = may_star_for_iterables  # the quick check's test for them


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
        first, last = _iterable(tokens, code, bisect_left(offsets, construct.start))
        if not _holds_a_comma(tokens, code[first : last + 1]):
            # "for x in *a:" is no tuple: 3.15's error, where it puts it
            start, end = tokens[code[first]].offset, tokens[code[last]].end
            raise module.parsed.error("can't use starred expression here", start, end)
        yield Edit(tokens[code[first]].offset, tokens[code[first]].offset, "(")
        yield Edit(tokens[code[last]].end, tokens[code[last]].end, ")")


def _iterable(tokens: List[Token], code: List[int], star: int) -> Tuple[int, int]:
    """The first and last code tokens of the iterable that holds the star
    at ``code[star]`` (indices into ``code``)."""
    # Back to the statement's "for" (no other "for" stands outside brackets
    # in its header), then on to its first "in" (none in the target).
    at, depth = star - 1, 0
    while not (depth == 0 and is_token(tokens[code[at]], NAME, "for")):
        depth += nesting(tokens[code[at]], backwards=True)
        at -= 1
    while not (depth == 0 and is_token(tokens[code[at]], NAME, "in")):
        depth += nesting(tokens[code[at]], backwards=False)
        at += 1
    first = at + 1
    # On to the header's ":" (a lambda's is its own).
    at, lambdas = star, 0
    while True:
        token = tokens[code[at]]
        if depth == 0 and is_token(token, NAME, "lambda"):
            lambdas += 1
        elif depth == 0 and is_token(token, OP, ":"):
            if not lambdas:
                break
            lambdas -= 1
        depth += nesting(token, backwards=False)
        at += 1
    return first, at - 1


def _holds_a_comma(tokens: List[Token], items: List[int]) -> bool:
    """Whether the tokens ``items`` hold a comma outside brackets."""
    depth = 0
    for i in items:
        if depth == 0 and is_token(tokens[i], OP, ","):
            return True
        depth += nesting(tokens[i], backwards=False)
    return False
