"""f-strings that Python 3.8-3.11 reject or read differently are written
again in the old syntax, unchanged in meaning (:mod:`..lowering`)."""

from functools import partial
from typing import Iterator, List, Tuple

from .. import rules
from ..fstrings import FString
from ..lexer import TSTRING_START
from ..oldsyntax import accepted_before_312, old_syntax_problems, read_otherwise_before_313
from ..rules import Rule
from ..targets import TSTRINGS
from .module import Edit, Module, Rewriting

RULES = (
    rules.QUOTE_REUSED,
    rules.BACKSLASH_IN_EXPRESSION,
    rules.COMMENT_IN_EXPRESSION,
    rules.LINE_BREAK_IN_SINGLE_QUOTED,
    rules.CONTINUATION_IN_EXPRESSION,
    rules.SPEC_NESTED_TOO_DEEPLY,
    rules.WHITESPACE_AFTER_CONVERSION,
    rules.BRACE_IN_SPEC,
    rules.DEBUG_TEXT_DIFFERS,
    rules.CONVERSION_BEFORE_SPEC,
)


def problems(module: Module, version: Tuple[int, int]) -> Iterator[Tuple[int, Rule]]:
    for node in _outermost_fstrings(module.fstrings):
        for offset, rule in old_syntax_problems(module.parsed, node):
            if rule.needs > version:
                yield offset, rule


def edits(rewriting: Rewriting) -> Iterator[Edit]:
    module, lowerer = rewriting.module, rewriting.lowerer
    tokens = module.tokens
    for node in module.fstrings:
        if node.template:
            continue
        if rewriting.old_fstrings:
            lowered = not accepted_before_312(module.parsed, node) or lowerer.holds_replaced(node)
        else:
            # 3.12: what 3.13 evaluates in another order; and for any new
            # target, code that another rewrite changes in it.  Before 3.14
            # lower_tstrings writes one that holds a t-string.
            lowered = (
                rewriting.version >= TSTRINGS
                or not any(token.kind == TSTRING_START for token in tokens[node.start : node.end])
            ) and (
                lowerer.holds_replaced(node)
                or (rewriting.older_than_313 and read_otherwise_before_313(module.parsed, node))
            )
        if lowered:
            yield Edit(tokens[node.start].offset, tokens[node.end].end, partial(rewriting.lowerer.lower, node))


def _outermost_fstrings(nodes: List[FString]) -> Iterator[FString]:
    """The f-strings in no other f-string: those in t-strings are in code once the t-string is lowered."""
    for node in nodes:
        if node.template:
            for field in node.fields():
                yield from _outermost_fstrings(field.fstrings)
        else:
            yield node
