"""Lazy imports (PEP 810, 3.15): ``lazy import m`` and ``lazy from m import n``.

Python 3.15 also makes a plain import lazy when the module it imports is
named in the module's ``__lazy_modules__``, which older Pythons ignore:
that is PEP 810's own way to write one module for 3.15 and older ones.
This finds each lazy import statement, where its ``lazy`` goes, and the
full names of the modules it imports, as 3.15 looks them up in
``__lazy_modules__`` (``a.b`` for ``import a.b as c`` and for ``from a.b
import c``; for a relative import, the name resolved against the
package, which only the running module knows).

``__lazy_modules__`` makes every import of a module it names lazy where a
lazy import may stand (at module level, outside ``try``): a module that
is also imported there by a plain import is not listed, and its lazy
imports become eager on 3.15 too, as on older Pythons.

A lazy import that 3.15 refuses raises its error here: older Pythons
would run the plain import the rewrite leaves.
"""

from typing import List, NamedTuple, Set, Tuple

from .lexer import ENDMARKER, NAME, NEWLINE, OP, TRIVIA, Token
from .parsed import Parsed
from .statements import CLASS, FUNCTION, TRY, statements_in_blocks

# Where 3.15 refuses a lazy import: the innermost such block names it.
_REFUSED = {FUNCTION: "functions", CLASS: "classes", TRY: "try/except blocks"}
_FUTURE = "lazy from __future__ import is not allowed"
_STAR = "lazy from ... import * is not allowed"


class LazyImport(NamedTuple):
    """One ``lazy import`` or ``lazy from`` statement."""

    start: int  # offset of "lazy"
    keyword: int  # offset of the "import" or "from" that follows it
    # (level of a relative import, dotted name) of each module it imports
    # that no plain import at module level imports too: those listed
    modules: Tuple[Tuple[int, str], ...]


def lazy_imports(parsed: Parsed) -> List[LazyImport]:
    """Every lazy import statement of ``parsed``, in the order of the text.

    Raises 3.15's error for one in a function, a class or a ``try``
    statement, for ``lazy from __future__`` and for ``lazy from m import *``.
    """
    if "lazy" not in parsed.text:
        return []
    code = [token for token in parsed.tokens if token.kind not in TRIVIA]
    reader = _Reader(parsed, code)
    found = reader.read()
    eager = reader.eager
    return [
        statement._replace(modules=tuple(module for module in statement.modules if module not in eager))
        for statement in found
    ]


class _Reader:
    """One pass over the statements, which knows the blocks that hold each."""

    def __init__(self, parsed: Parsed, code: List[Token]) -> None:
        self.parsed = parsed
        self.code = code
        self.eager: Set[Tuple[int, str]] = set()  # modules that plain imports import where lazy ones could

    def read(self) -> List[LazyImport]:
        code = self.code
        found = []
        for i, blocks in statements_in_blocks(code):
            token = code[i]
            if token.kind != NAME:
                continue
            following = code[i + 1]
            if token.text == "lazy" and following.kind == NAME and following.text in ("import", "from"):
                found.append(self.statement(i, blocks))
            elif token.text in ("import", "from") and not any(kind in _REFUSED for kind in blocks):
                self.eager.update(self.modules(i))
        return found

    def statement(self, at: int, blocks: List[str]) -> LazyImport:
        """The lazy import statement whose ``lazy`` is ``code[at]``."""
        code = self.code
        keyword = code[at + 1]
        last = code[self.end(at) - 1]
        inside = [_REFUSED[kind] for kind in blocks if kind in _REFUSED]
        if inside:
            form = "lazy import" if keyword.text == "import" else "lazy from ... import"
            message = f"{form} not allowed inside {inside[-1]}"
            raise self.parsed.error(message, code[at].offset, last.end)
        if keyword.text == "from":
            module, import_at = self.from_module(at + 2)
            if module == (0, "__future__"):
                raise self.parsed.error(_FUTURE, code[at].offset, code[at].end)  # at "lazy", as 3.15 has it
            star = code[import_at + 1]
            if star.kind == OP and star.text == "*":
                raise self.parsed.error(_STAR, code[at].offset, last.end)
        return LazyImport(code[at].offset, keyword.offset, tuple(self.modules(at + 1)))

    def modules(self, keyword: int) -> List[Tuple[int, str]]:
        """(level, dotted name) of each module that the import statement
        whose ``import`` or ``from`` is ``code[keyword]`` imports."""
        code = self.code
        if code[keyword].text == "from":
            return [self.from_module(keyword + 1)[0]]
        return [(0, name) for name in self.imported_names(keyword + 1, self.end(keyword))]

    def end(self, i: int) -> int:
        """The index of what ends the simple statement that holds ``code[i]``."""
        code = self.code
        while code[i].kind not in (NEWLINE, ENDMARKER) and not (code[i].kind == OP and code[i].text == ";"):
            i += 1
        return i

    def imported_names(self, i: int, end: int) -> List[str]:
        """The dotted names of ``import a.b as c, d``, from ``code[i]``."""
        names = []
        while i < end:
            name, i = self.dotted_name(i)
            names.append(name)
            while i < end and not (self.code[i].kind == OP and self.code[i].text == ","):
                i += 1  # "as" and its name
            i += 1
        return names

    def from_module(self, i: int) -> Tuple[Tuple[int, str], int]:
        """The level and dotted name of ``from ..a.b import c``, whose first
        token after ``from`` is ``code[i]``, and the index of its ``import``."""
        code = self.code
        level = 0
        while code[i].kind == OP and code[i].text in (".", "..."):
            level += len(code[i].text)
            i += 1
        name = ""
        if code[i].kind == NAME and code[i].text != "import":
            name, i = self.dotted_name(i)
        return (level, name), i

    def dotted_name(self, i: int) -> Tuple[str, int]:
        """The dotted name from ``code[i]``, and the index after it."""
        code = self.code
        parts = [code[i].text]
        i += 1
        while code[i].kind == OP and code[i].text == "." and code[i + 1].kind == NAME:
            parts.append(code[i + 1].text)
            i += 2
        return ".".join(parts), i


def lazy_modules_value(found: List[LazyImport]) -> str:
    """The value of ``__lazy_modules__`` that makes the plain imports lazy
    on 3.15: a list of the modules' full names, each once, in the order
    of the text; a relative one resolved against ``__package__`` where the
    module runs."""
    items: List[str] = []
    for statement in found:
        for level, name in statement.modules:
            item = repr(name) if not level else _resolved(level, name)
            if item not in items:
                items.append(item)
    return "[" + ", ".join(items) + "]"


def _resolved(level: int, name: str) -> str:
    """An expression of the full name of ``from <level dots><name> import``.

    A module with no package (``""`` or None) gets a name no module has:
    its relative import fails as it would have."""
    package = '(__package__ or "")'
    if level > 1:
        package += f'.rsplit(".", {level - 1})[0]'
    return package + (" + " + repr("." + name) if name else "")


__all__ = ["LazyImport", "lazy_imports", "lazy_modules_value"]
