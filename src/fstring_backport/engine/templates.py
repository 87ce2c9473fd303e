"""T-strings (PEP 750) as a whole: which literals make one Template, and who needs the runtime.

Adjacent t-strings are one Template (``t"a" t"{x}"``); a t-string beside any
other string literal is CPython's "cannot mix" error.  Before 3.14 a t-string
becomes a call of the runtime's ``build`` (:mod:`lowering`), imported under a
private name by the statement :mod:`hoisting` places.  A module that imports
``string.templatelib``, in any spelling 3.14 accepts, gets that import too:
the runtime registers the module under that name, so 3.14 code that
annotates or matches with ``Template`` runs on older Pythons.

A module with no line above its first statement for that import (one that
opens with a compound statement) names the runtime where it is used
instead: :func:`inline_runtime` for each t-string, and :func:`registration`
in front of each statement that imports ``string.templatelib``.
"""

from typing import Dict, List, NamedTuple, Optional

from .fstrings import ENDS, STARTS, FString
from .lexer import NAME, OP, STRING, TRIVIA, TSTRING_START, Token
from .parsed import Parsed

MIXED = "cannot mix t-string literals with string or bytes literals"

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

    def refuse_mixed_literals(self) -> None:
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


class TemplatelibReferences(NamedTuple):
    """Where a module names ``string.templatelib``."""

    imports: List[int]  # the offset of each import statement of it (its "import" or "from")
    anywhere: bool  # in an import, or as ``string.templatelib`` in code


def templatelib_references(parsed: Parsed) -> TemplatelibReferences:
    """The statements that import ``string.templatelib``, in every spelling
    3.14 accepts: ``import string.templatelib [as t]``, ``from
    string.templatelib import ...`` and ``from string import templatelib
    [as t]``, among other names, in brackets, across continued lines."""
    if "templatelib" not in parsed.text:
        return TemplatelibReferences([], False)
    code = [token for token in parsed.tokens if token.kind not in TRIVIA]
    imports = []
    anywhere = False
    for i, token in enumerate(code):
        if token.kind != NAME or token.text not in ("import", "from"):
            if _is_dotted(code, i, "string", "templatelib"):
                anywhere = True
            continue
        if token.text == "import" and i and code[i - 1].kind == NAME and code[i - 1].text != "from":
            continue  # the "import" of "from m import": seen with its "from"
        names = _imported_names(code, i)
        if names is not None and ("string.templatelib" in names or _submodule(names, "string", "templatelib")):
            imports.append(token.offset)
    return TemplatelibReferences(imports, anywhere or bool(imports))


def _is_dotted(code: List[Token], i: int, package: str, module: str) -> bool:
    """Whether ``package . module`` starts at ``code[i]``."""
    return (
        i + 2 < len(code)
        and code[i].kind == NAME
        and code[i].text == package
        and code[i + 1].kind == OP
        and code[i + 1].text == "."
        and code[i + 2].kind == NAME
        and code[i + 2].text == module
    )


def _imported_names(code: List[Token], i: int) -> Optional[List[str]]:
    """What the import statement at ``code[i]`` imports: dotted modules for
    ``import a.b``; for ``from m import x`` the module and ``m:x`` for each
    name; None if ``code[i]`` starts no import (``raise E from e``)."""
    names: List[str] = []
    if code[i].text == "from":
        j = i + 1
        module = []
        while code[j].kind == NAME and code[j].text != "import" or code[j].kind == OP and code[j].text in (".", "..."):
            module.append(code[j].text)
            j += 1
        if not (code[j].kind == NAME and code[j].text == "import"):
            return None
        source = "".join(module)
        names.append(source)
        prefix = source + ":"
    else:
        j = i
        prefix = ""
    # The names after "import": each a dotted name, maybe "as" another.
    j += 1
    current: List[str] = []
    after_as = False
    while True:
        token = code[j]
        if token.kind == NAME and token.text == "as":
            after_as = True
        elif token.kind == NAME and not after_as:
            current.append(token.text)
        elif token.kind == OP and token.text == ".":
            current.append(".")
        elif token.kind == OP and token.text in ("(", ")"):
            pass
        else:  # ",", or the statement's end (";", a line break)
            if current:
                names.append(prefix + "".join(current))
            current = []
            after_as = False
            if not (token.kind == OP and token.text == ","):
                return names
        j += 1


def _submodule(names: List[str], package: str, module: str) -> bool:
    return f"{package}:{module}" in names


def imports_templatelib(parsed: Parsed) -> bool:
    """Does the code name ``string.templatelib`` (an import of it, nearly always)?"""
    return templatelib_references(parsed).anywhere


def inline_runtime(module: str, spelled: str, function: str = "build") -> str:
    """The runtime's ``build`` (or another ``function``) named where it is
    used, with no import statement:
    ``__import__('fstring_backport.templatelib').templatelib.build``.
    ``spelled`` is the module's name as a str literal that fits where it goes."""
    parts = module.split(".")[1:] + [function]
    return "__import__({}){}".format(spelled, "".join("." + part for part in parts))


def registration(module: str) -> str:
    """The statement that loads the runtime, which registers ``string.templatelib``."""
    return f"__import__({module!r})"


__all__ = [
    "BUILTIN",
    "MIXED",
    "Concatenations",
    "TemplatelibReferences",
    "all_nodes",
    "imports_templatelib",
    "inline_runtime",
    "registration",
    "templatelib_references",
]
