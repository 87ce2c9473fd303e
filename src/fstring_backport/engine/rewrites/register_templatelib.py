"""A module that imports ``string.templatelib`` imports the runtime first,
which registers that module on Pythons older than 3.14: at the top with the
temporaries where a line can take it, else in front of each such import.
Transpiling again adds nothing."""

from typing import Iterator, Tuple

from ..rules import Rule
from ..targets import TSTRINGS
from ..templates import registration, templatelib_references
from .module import Edit, Module, Rewriting

RULES = ()  # nothing a target rejects: the import is valid, the module missing


def problems(module: Module, version: Tuple[int, int]) -> Iterator[Tuple[int, Rule]]:
    return iter(())


def edits(rewriting: Rewriting) -> Iterator[Edit]:
    runtime, text = rewriting.runtime, rewriting.module.parsed.text
    registered = f"from {runtime} import build" in text or registration(runtime) in text
    if not runtime or rewriting.stub or registered or rewriting.version >= TSTRINGS:
        return
    references = templatelib_references(rewriting.module.parsed)
    if rewriting.place is not None:
        if references.anywhere:
            rewriting.temporaries.runtime()  # the statement of temporaries imports it
    else:
        for offset in references.imports:
            yield Edit(offset, offset, registration(runtime) + "; ")
