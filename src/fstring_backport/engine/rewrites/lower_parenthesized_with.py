"""``with (a as b, c):`` (3.9): parenthesized context managers lose their
brackets for 3.8: ``with a as b, c:``, the same statement.  A line break
directly inside the brackets gets a backslash, so every line keeps its
number; a trailing comma goes.  ``with (a, b):`` is two context managers
from 3.9 on (3.8 reads one tuple), and is lowered too.  No backslash may
follow a comment: a comment directly inside the brackets moves to the end
of the statement's header line."""

from bisect import bisect_left
from typing import Iterator, List, Tuple

from .. import rules
from ..lexer import COMMENT, ENDMARKER, NEWLINE, NL, OP, TRIVIA, Token
from ..prefilter_constructs import may_parenthesize_with_items
from ..rules import Rule
from .module import Edit, Module, Rewriting

RULES = (rules.PARENTHESIZED_WITH,)
MAY_HOLD = may_parenthesize_with_items  # the quick check's test for them


def problems(module: Module, version: Tuple[int, int]) -> Iterator[Tuple[int, Rule]]:
    for found in module.to_lower(RULES, version, MAY_HOLD):
        yield found.start, found.rule


def edits(rewriting: Rewriting) -> Iterator[Edit]:
    module = rewriting.module
    found = module.to_lower(RULES, rewriting.version, MAY_HOLD)
    if not found:
        return
    tokens = module.tokens
    offsets = [token.offset for token in tokens]
    for construct in found:
        opener = bisect_left(offsets, construct.start)
        while tokens[opener].text != "(":  # past "async" and "with"
            opener += 1
        yield from _unbracketed(module, tokens, opener)


def _unbracketed(module: Module, tokens: List[Token], opener: int) -> Iterator[Edit]:
    """The edits that take the brackets opened at ``tokens[opener]`` away."""
    depth = 0
    last_code = opener
    comments: List[str] = []
    i = opener + 1
    while True:
        token = tokens[i]
        if token.kind == OP and token.text in "([{":
            depth += 1
        elif token.kind == OP and token.text in ")]}":
            if depth == 0:
                break
            depth -= 1
        elif depth == 0 and token.kind == COMMENT:
            comments.append(token.text)
            yield Edit(token.offset, token.end, "")
        elif depth == 0 and token.kind == NL:
            # What the backslash follows, once the opener and a comment are gone.
            before = token.offset
            if tokens[i - 1].kind == COMMENT:
                before = tokens[i - 1].offset
            if before - 1 == tokens[opener].offset:
                before -= 1
            blank = module.parsed.text[before - 1 : before] in (" ", "\t", "\f")
            yield Edit(token.offset, token.offset, "\\" if blank else " \\")
        if token.kind not in TRIVIA:
            last_code = i
        i += 1
    close = tokens[i]
    following = next(token for token in tokens[i + 1 :] if token.kind not in TRIVIA)
    if not (following.kind == OP and following.text == ":"):
        raise module.parsed.error("invalid syntax", following.offset, following.end)  # 3.15's, at what follows
    if comments:
        line_end = next(token for token in tokens[i + 1 :] if token.kind in (NEWLINE, ENDMARKER))
        yield Edit(line_end.offset, line_end.offset, "".join("  " + comment for comment in comments))
    spaced = module.parsed.text[tokens[opener].offset - 1 : tokens[opener].offset] in (" ", "\t", "\f")
    yield Edit(tokens[opener].offset, tokens[opener].end, "" if spaced else " ")
    if tokens[last_code].kind == OP and tokens[last_code].text == ",":
        yield Edit(tokens[last_code].offset, tokens[last_code].end, "")
    yield Edit(close.offset, close.end, "")
