"""t-strings (PEP 750, 3.14) become calls of the runtime's ``build``: a run
of concatenated ones becomes one call (:mod:`..lowering`).  For a target
that reads them, so does a run that holds code another rewrite changes:
an Interpolation's expression is its text as written."""

from functools import partial
from typing import Iterator, Tuple

from .. import rules
from ..lexer import TSTRING_START
from ..rules import Rule
from ..targets import TSTRINGS
from .module import Edit, Module, Rewriting

RULES = (rules.TSTRING,)


def problems(module: Module, version: Tuple[int, int]) -> Iterator[Tuple[int, Rule]]:
    if version < TSTRINGS:
        for token in module.tokens:
            if token.kind == TSTRING_START:  # nested ones too
                yield token.offset, rules.TSTRING


def edits(rewriting: Rewriting) -> Iterator[Edit]:
    module, lowerer = rewriting.module, rewriting.lowerer
    reads_tstrings = rewriting.version >= TSTRINGS
    if reads_tstrings and not lowerer.replaced:
        return
    tokens = module.tokens
    for node in module.fstrings:
        start = tokens[node.start].offset
        if node.template:
            if module.concatenations.first_of_run(node.start):
                group = module.concatenations.group(node.start)
                if not reads_tstrings or lowerer.holds_replaced(group[0], group[-1]):
                    yield Edit(start, tokens[group[-1].end].end, partial(lowerer.lower_template, group))
        elif reads_tstrings:
            continue  # lower_fstrings writes an f-string that holds changed code
        elif not rewriting.old_fstrings and any(token.kind == TSTRING_START for token in tokens[node.start : node.end]):
            # An f-string the target reads as it is, but for the t-strings in it.
            yield Edit(start, tokens[node.end].end, partial(lowerer.code, node.start, node.end + 1))
