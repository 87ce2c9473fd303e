"""Lazy imports (PEP 810, 3.15) become plain imports named in the module's
``__lazy_modules__`` (:mod:`..lazy_imports`): lazy on 3.15, eager on older
Pythons, which ignore the name.  The list is assigned at the top with the
temporaries where a line can take it, else in front of each lazy import;
lines keep their numbers."""

from typing import Iterator, Tuple

from .. import rules
from ..lazy_imports import lazy_modules_value
from ..rules import Rule
from .module import Edit, Module, Rewriting

RULES = (rules.LAZY_IMPORT,)


def problems(module: Module, version: Tuple[int, int]) -> Iterator[Tuple[int, Rule]]:
    if version < rules.LAZY_IMPORT.needs:
        for statement in module.lazy_imports:
            yield statement.start, rules.LAZY_IMPORT


def edits(rewriting: Rewriting) -> Iterator[Edit]:
    found = rewriting.module.lazy_imports
    if not found or rewriting.version >= rules.LAZY_IMPORT.needs:
        return
    value = lazy_modules_value(found)
    assignment = "__lazy_modules__ = " + value if value != "[]" else ""
    if rewriting.place is not None and assignment:
        rewriting.header.append(assignment)
    prefix = "" if rewriting.place is not None or not assignment else assignment + "; "
    text = rewriting.module.parsed.text
    for statement in found:
        # "lazy" and the blanks after it go.  A backslash that joins the
        # lines stays, after the keyword: the next line cannot start the
        # statement (its indentation would be the statement's).
        gap = text[statement.start + len("lazy") : statement.keyword]
        keyword = "import" if text.startswith("import", statement.keyword) else "from"
        if "\\" in gap:
            joined = gap[gap.index("\\") :]
            yield Edit(statement.start, statement.keyword + len(keyword), prefix + keyword + joined)
        else:
            yield Edit(statement.start, statement.keyword, prefix)
