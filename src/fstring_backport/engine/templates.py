"""T-strings (PEP 750) as a whole: which literals make one Template, and who needs the runtime.

Adjacent t-strings are one Template (``t"a" t"{x}"``); a t-string beside any
other string literal is CPython's "cannot mix" error.  Before 3.14 a t-string
becomes a call of the runtime's ``build`` (:mod:`lowering`), imported under a
private name by the statement :mod:`hoisting` places.  A module that imports
``string.templatelib`` gets that import too: the runtime registers the module
under that name, so 3.14 code that annotates or matches with ``Template``
runs on older Pythons.
"""

from typing import Dict, List, Optional

from .fstrings import ENDS, STARTS, FString
from .lexer import NAME, OP, STRING, TRIVIA, TSTRING_START
from .parsed import Parsed

MIXED = "cannot mix t-string literals with string or bytes literals"

# Where transpiled code imports the runtime from, unless told otherwise.
RUNTIME = "fstring_backport.templatelib"
# With no module to import from (``runtime=""``), what the calls name: code
# compiled at run time (``fstring_backport.compile``) cannot import in
# ``eval`` mode, so that function puts ``build`` among the builtins.
BUILTIN = "_fstring_backport_build"


def all_nodes(nodes: List[FString]) -> Dict[int, FString]:
    """Every f-string and t-string, nested ones included, by the index of its first token."""
    found: Dict[int, FString] = {}
    stack = list(nodes)
    while stack:
        node = stack.pop()
        found[node.start] = node
        for field in node.fields():
            stack.extend(field.fstrings)
    return found


class Concatenations:
    """The literals each t-string is implicitly concatenated with."""

    def __init__(self, parsed: Parsed, nodes: Dict[int, FString]) -> None:
        self.parsed = parsed
        self.tokens = parsed.tokens
        self.nodes = nodes
        self.by_end = {node.end: node for node in nodes.values()}

    def check(self) -> None:
        """Raise CPython's error at the first t-string concatenated with another kind of literal."""
        for start in sorted(self.nodes):
            if not self.nodes[start].template:
                continue
            first = start
            previous = self._previous(first)
            while previous is not None:
                first, previous = previous, self._previous(previous)
            run = self._run(first)
            for left, right in zip(run, run[1:]):
                if self._is_template(left) != self._is_template(right):  # CPython blames the first such pair
                    end = self.tokens[self._last_token(right)].end
                    raise self.parsed.error(MIXED, self.tokens[left].offset, end)

    def group(self, start: int) -> List[FString]:
        """The t-strings that make one Template with the one starting at token ``start`` (the first)."""
        return [self.nodes[i] for i in self._run(start)]

    def _is_template(self, index: int) -> bool:
        return self.tokens[index].kind == TSTRING_START

    def _run(self, start: int) -> List[int]:
        """The first token of each literal in the run that starts at ``start``."""
        run = [start]
        following = self._next(start)
        while following is not None:
            run.append(following)
            following = self._next(following)
        return run

    def _last_token(self, start: int) -> int:
        return self.nodes[start].end if start in self.nodes else start

    def _next(self, start: int) -> Optional[int]:
        """The literal right after the one at ``start``, trivia between, if any."""
        tokens = self.tokens
        i = self._last_token(start) + 1
        while tokens[i].kind in TRIVIA:
            i += 1
        kind = tokens[i].kind
        return i if kind == STRING or kind in STARTS else None

    def _previous(self, start: int) -> Optional[int]:
        tokens = self.tokens
        i = start - 1
        while i >= 0 and tokens[i].kind in TRIVIA:
            i -= 1
        if i < 0:
            return None
        kind = tokens[i].kind
        if kind == STRING:
            return i
        if kind in ENDS:
            return self.by_end[i].start
        return None

    def first_of_run(self, start: int) -> bool:
        return self._previous(start) is None


def imports_templatelib(parsed: Parsed) -> bool:
    """Does the code name ``string.templatelib`` (an import of it, nearly always)?"""
    if "templatelib" not in parsed.text:
        return False
    tokens = parsed.tokens
    code = [token for token in tokens if token.kind not in TRIVIA]
    for package, dot, module in zip(code, code[1:], code[2:]):
        if module.kind == NAME and module.text == "templatelib" and dot.kind == OP and dot.text == ".":
            if package.kind == NAME and package.text == "string":
                return True
    return False


__all__ = ["BUILTIN", "MIXED", "RUNTIME", "Concatenations", "all_nodes", "imports_templatelib"]
