"""``type X = value`` (PEP 695, 3.12) becomes ``X = type_alias('X', lambda:
value)``, the runtime's ``type_alias`` making what 3.12 makes (a real
``typing.TypeAliasType`` from 3.12 on, one of the runtime's before), its
value computed on first access (:mod:`..type_aliases` finds the
statements); lines keep their numbers."""

from typing import Iterator, Tuple

from .. import rules
from ..rules import Rule
from ..targets import NATIVE
from .module import Edit, Module, Rewriting

RULES = (rules.TYPE_STATEMENT,)


def problems(module: Module, version: Tuple[int, int]) -> Iterator[Tuple[int, Rule]]:
    if version < rules.TYPE_STATEMENT.needs and not module.parsed.filename.endswith(".pyi"):
        for alias in module.type_aliases:
            yield alias.start, rules.TYPE_STATEMENT


def edits(rewriting: Rewriting) -> Iterator[Edit]:
    if rewriting.version >= NATIVE or rewriting.stub:  # a stub is read by type checkers, which know the statement
        return
    for alias in rewriting.module.type_aliases:
        function = rewriting.temporaries.type_alias(repr)
        yield Edit(alias.start, alias.equals_end, f"{alias.name} = {function}({alias.name!r}, lambda:")
        yield Edit(alias.end, alias.end, ")")
