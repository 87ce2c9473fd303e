"""``except A, B:`` (PEP 758, 3.14) becomes ``except (A, B):``; lines keep
their numbers (:mod:`..excepts` finds the clauses)."""

from typing import Iterator, Tuple

from .. import rules
from ..rules import Rule
from ..targets import TSTRINGS
from .module import Edit, Module, Rewriting

RULES = (rules.EXCEPT_WITHOUT_PARENTHESES,)


def problems(module: Module, version: Tuple[int, int]) -> Iterator[Tuple[int, Rule]]:
    if version < TSTRINGS:
        for clause in module.excepts:
            yield clause.start, rules.EXCEPT_WITHOUT_PARENTHESES


def edits(rewriting: Rewriting) -> Iterator[Edit]:
    if rewriting.version >= TSTRINGS:
        return
    for clause in rewriting.module.excepts:
        yield Edit(clause.start, clause.start, "(")
        yield Edit(clause.end, clause.end, ")")
