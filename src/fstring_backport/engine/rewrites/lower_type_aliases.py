"""``type X = value`` (PEP 695, 3.12) becomes ``X = type_alias('X', lambda:
value)``, the runtime's ``type_alias`` making what 3.12 makes (a real
``typing.TypeAliasType`` from 3.12 on, one of the runtime's before), its
value computed on first access (:mod:`..type_aliases` finds the
statements); lines keep their numbers.  The alias is named as 3.15
qualifies it: ``type_alias('f.<locals>.X', ...)`` in a function ``f``.

Directly in a class body the value's scope sees the class's names, which a
lambda does not: there each name it reads, ``T``, becomes ``c('T', lambda:
T)``, ``c`` the lambda's argument, which looks in the class first, and the
class is passed as ``lambda: __class__`` (the cell that ``super()`` reads):
``type_alias('X', lambda c: list[c('T', lambda: T)], lambda: __class__)``.
"""

from bisect import bisect_left
from typing import Iterator, Tuple

from .. import rules
from ..rules import Rule
from ..targets import NATIVE
from .module import Edit, Module, Rewriting, replace_token

RULES = (rules.TYPE_STATEMENT,)


def problems(module: Module, version: Tuple[int, int]) -> Iterator[Tuple[int, Rule]]:
    if version < rules.TYPE_STATEMENT.needs and not module.parsed.filename.endswith(".pyi"):
        for alias in module.type_aliases:
            yield alias.start, rules.TYPE_STATEMENT


def edits(rewriting: Rewriting) -> Iterator[Edit]:
    if rewriting.version >= NATIVE or rewriting.stub:  # a stub is read by type checkers, which know the statement
        return
    module = rewriting.module
    for alias in module.type_aliases:
        function = rewriting.temporaries.type_alias(repr)
        if alias.class_names is None:
            yield Edit(alias.start, alias.equals_end, f"{alias.name} = {function}({alias.qualname!r}, lambda:")
            yield Edit(alias.end, alias.end, ")")
            continue
        look_up = rewriting.temporaries.prefix + "c"
        yield Edit(alias.start, alias.equals_end, f"{alias.name} = {function}({alias.qualname!r}, lambda {look_up}:")
        for name in alias.class_names:
            index = module.code[bisect_left(module.code_offsets, name.offset)]
            yield replace_token(rewriting, index, f"{look_up}({name.text!r}, lambda: {name.text})")
        yield Edit(alias.end, alias.end, ", lambda: __class__)")
