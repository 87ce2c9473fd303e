"""Temporaries: module-level names bound to constants old f-strings cannot spell.

Before 3.12 no backslash may appear in an f-string's expression part, so a
constant such as ``"\\n"`` there is either spelled without one
(:func:`literals.spell_inline`: ``('%c' % (10,))``) or bound once, at module
level, to a name that appears nowhere in the module, which the field uses.
A name is faster at run time (a global lookup against a ``%`` formatting)
but adds a global.  The binding is put on an existing line, so no line moves:

1. after the docstring and ``from __future__`` imports, if there are any
   (``"Doc."; _fstring_backport_0 = '\\n'``);
2. else on a blank line before the first statement, or else in front of a
   comment there (never on a shebang or coding-cookie line);
3. else in front of the first statement, if it is a simple one.

A module that starts with a compound statement on line 1 has no such place:
its constants are spelled inline, and so is the t-string runtime
(:func:`templates.inline_runtime`).

The same statement imports the t-string runtime's ``build`` under a private
name when the module has t-strings (:mod:`templates`), first:
``from fstring_backport.templatelib import build as _fstring_backport_t``;
before it, ``from __future__ import annotations`` when that is asked for
(:mod:`annotations`): the place is after the docstring and the other
``__future__`` imports, where a future statement may stand.
"""

import re
from typing import Callable, Dict, List, Optional, Set, Tuple

from .lexer import DEDENT, ENDMARKER, INDENT, NAME, NEWLINE, OP, STRING, TRIVIA, Token
from .lexical import BLANK
from .parsed import Parsed
from .runtime_name import RUNTIME
from .templates import BUILTIN, inline_runtime

# What a decorator that 3.8 rejects is passed through (:meth:`Temporaries.decorator`).
DECORATOR_FUNCTION = "lambda decorator: decorator"
_COMPOUND = frozenset(("def", "class", "if", "for", "while", "with", "try", "async"))
_COOKIE = re.compile("^" + BLANK + r"*#.*?coding[:=][ \t]*[-\w.]+")


class Temporaries:
    """The names a module's lowering needs, and the constants they hold."""

    def __init__(self, source: str, inline: bool = False, place_found: bool = True, runtime: str = "") -> None:
        # Spell every constant inline, adding no names: asked for, or no line can bind them.
        self.inline = inline or not place_found
        self.asked_inline = inline
        self.no_place = not place_found
        self.runtime_module = runtime  # where t-strings' build() comes from
        self.runtime_used = False
        self.type_alias_used = False
        self.decorator_used = False
        self.slice_used = False
        self.format_used = False
        prefix = "_fstring_backport_"
        serial = 0
        while prefix in source:  # no name of ours may already occur
            serial += 1
            prefix = f"_fstring_backport{serial}_"
        self.prefix = prefix
        self.bindings: List[Tuple[str, str]] = []  # (name, constant's source)
        self._names: Dict[str, str] = {}

    def name_for(self, constant: str) -> str:
        """The name bound to ``constant`` (one line of source), made once."""
        name = self._names.get(constant)
        if name is None:
            name = f"{self.prefix}{len(self.bindings)}"
            self._names[constant] = name
            self.bindings.append((name, constant))
        return name

    def runtime(self) -> str:
        """The name the runtime's ``build`` is imported as; the import is made
        (none with no runtime module: then ``build`` is a builtin).  Where no
        line can take the import (:attr:`runtime_inline`), the lowering
        spells the runtime inline instead and never asks for this name."""
        self.runtime_used = True
        return self.prefix + "t" if self.runtime_module else BUILTIN

    def type_alias(self, spelled: "Callable[[str], str]") -> str:
        """What lowered ``type`` statements call: the runtime's ``type_alias``
        under a private name, imported with the temporaries; where no line
        can take the import, or with no runtime module (the caller provides
        ``build`` alone), named inline from the runtime module, or from this
        package's (``spelled`` writes a module's name as a str literal)."""
        if self.runtime_module and not self.no_place:
            self.type_alias_used = True
            return self.prefix + "a"
        return inline_runtime(self.runtime_module or RUNTIME, spelled(self.runtime_module or RUNTIME), "type_alias")

    def decorator(self) -> Optional[str]:
        """What a decorator that 3.8 rejects is passed through: a function
        that returns its argument, bound with the temporaries (None where no
        line can take them: 3.8's decorator is a name, never an expression,
        so the rewrite binds it in front of a later statement)."""
        if self.no_place:
            return None
        self.decorator_used = True
        return self.decorator_name

    @property
    def decorator_name(self) -> str:
        """The name of the function lowered decorators are passed through."""
        return self.prefix + "d"

    def slice_type(self) -> Optional[str]:
        """What lowered starred subscripts build their slices with: ``slice``,
        bound with the temporaries, which a module's own ``slice`` cannot
        hide (None where no line can take them: the rewrite binds it in
        front of a later statement)."""
        if self.no_place:
            return None
        self.slice_used = True
        return self.slice_name

    @property
    def slice_name(self) -> str:
        """The name ``slice`` is bound to for lowered starred subscripts."""
        return self.prefix + "s"

    def format_function(self) -> str:
        """What an f-string's field is formatted with where no quote is left
        for the f-string: ``format``, bound with the temporaries, beside
        ``''.join`` (:attr:`join_name`), which joins the pieces.  Asked only
        where names are bound (:class:`~.lowering.Lowerer` tries such calls
        only then)."""
        assert not self.inline
        self.format_used = True
        return self.format_name

    @property
    def format_name(self) -> str:
        """The name ``format`` is bound to for fields formatted by a call."""
        return self.prefix + "f"

    @property
    def join_name(self) -> str:
        """The name ``''.join`` is bound to beside :attr:`format_name`."""
        return self.prefix + "j"

    @property
    def runtime_inline(self) -> bool:
        """Whether the runtime is spelled where it is used: no line can import it."""
        return self.no_place and bool(self.runtime_module)

    @property
    def imports_runtime(self) -> bool:
        return self.runtime_used and bool(self.runtime_module) and not self.no_place

    @property
    def needed(self) -> bool:
        return (
            bool(self.bindings)
            or self.imports_runtime
            or self.type_alias_used
            or self.decorator_used
            or self.slice_used
            or self.format_used
        )

    def checkpoint(self) -> Tuple[int, bool]:
        return len(self.bindings), self.format_used

    def rollback(self, mark: Tuple[int, bool]) -> None:
        """Forget what was bound since ``mark``: a way of writing was given up."""
        count, self.format_used = mark
        for _, constant in self.bindings[count:]:
            del self._names[constant]
        del self.bindings[count:]

    def statement(self) -> str:
        statements = [f"{name} = {constant}" for name, constant in self.bindings]
        if self.decorator_used:
            statements.append(f"{self.decorator_name} = {DECORATOR_FUNCTION}")
        if self.slice_used:
            statements.append(f"{self.slice_name} = slice")
        if self.format_used:
            statements.append(f"{self.format_name} = format; {self.join_name} = ''.join")
        imported = [f"build as {self.prefix}t"] if self.imports_runtime else []
        if self.type_alias_used:
            imported.append(f"type_alias as {self.prefix}a")
        if imported:
            statements.insert(0, f"from {self.runtime_module} import {', '.join(imported)}")
        return "; ".join(statements)


def _header(tokens: List[Token]) -> Tuple[int, Optional[int], List[Tuple[int, int]]]:
    """The module's first code token; the last token of its docstring and
    ``__future__`` imports (None if it has neither); and the (first token,
    end) of each of those imports."""
    header_end = None
    futures = []
    first = _skip_trivia(tokens, 0)
    i = first
    while True:
        end = _statement_end(tokens, i)
        is_docstring = i == first and all(
            tokens[j].kind == STRING or tokens[j].kind in TRIVIA for j in range(i, end)
        ) and tokens[i].kind == STRING
        is_future = _is_future_import(tokens, i)
        if not (is_docstring or is_future):
            break
        if is_future:
            futures.append((i, end))
        header_end = _last_code(tokens, end)
        i = _skip_trivia(tokens, end + 1)
    return first, header_end, futures


def future_features(parsed: Parsed) -> Set[str]:
    """The names the module's ``from __future__ import`` statements import."""
    tokens = parsed.tokens
    features = set()
    for start, end in _header(tokens)[2]:
        previous = ""
        for token in tokens[start:end]:
            if token.kind in TRIVIA:
                continue
            if token.kind == NAME and previous in ("import", ",", "("):
                features.add(token.text)
            previous = token.text
    return features


def binding_place(parsed: Parsed) -> Optional[Tuple[int, str, str]]:
    """Where the bindings' statement goes, and what goes around it:
    (offset, before, after); None when no existing line can take it."""
    tokens = parsed.tokens
    first, header_end, _ = _header(tokens)
    if header_end is not None:
        return tokens[header_end].end, "; ", ""
    return _line_above(parsed, first, 0)


def future_place(parsed: Parsed) -> Optional[Tuple[int, str, str]]:
    """Where ``from __future__ import annotations`` goes, the bindings after
    it, as :func:`binding_place` gives it: after the other ``__future__``
    imports, on their line; else on a blank or comment line between the
    docstring and the first statement; else in front of that statement.
    Never on the docstring's line, where CPython takes it but PyPy refuses
    it ("__future__ statements must appear at beginning of file")."""
    tokens = parsed.tokens
    first, header_end, futures = _header(tokens)
    if futures:
        return tokens[header_end].end, "; ", ""  # type: ignore[index]  # a future import ends the header
    if header_end is None:
        return _line_above(parsed, first, 0)
    docstring_end = parsed.lines.position(tokens[header_end].end)[0]
    return _line_above(parsed, first_statement(parsed), docstring_end)


def first_statement(parsed: Parsed) -> int:
    """The index of the first token of the first statement after the docstring."""
    tokens = parsed.tokens
    first, header_end, futures = _header(tokens)
    if header_end is None:
        return first
    return _skip_trivia(tokens, _statement_end(tokens, futures[-1][0] if futures else first) + 1)


def _line_above(parsed: Parsed, statement: int, after_line: int) -> Optional[Tuple[int, str, str]]:
    """A place on a line after line ``after_line`` and above the statement
    starting at ``tokens[statement]``, else in front of that statement when
    it is a simple one that starts its line."""
    tokens = parsed.tokens
    lines = parsed.lines
    statement_line = lines.position(tokens[statement].offset)[0]
    keep = after_line  # a shebang and a coding cookie stay where they are
    for line in (1, 2):
        text = lines.line_text(line) if line <= len(lines.starts) else ""
        if _COOKIE.match(text) or (line == 1 and text.startswith("#!")):
            keep = max(keep, line)
    free_lines = range(keep + 1, statement_line)
    for line in free_lines:
        if lines.line_text(line).strip() == "":
            return lines.starts[line - 1], "", ""
    if free_lines:  # only comments there: put the code in front of one
        return lines.starts[free_lines[0] - 1], "", "  "
    if statement_line > after_line and not _is_compound(tokens, statement):
        return tokens[statement].offset, "", "; "
    return None


def first_simple_statement(parsed: Parsed, before: int) -> Optional[int]:
    """The offset of the module's first simple statement at module level,
    if it starts its line before offset ``before``; None otherwise.  In
    front of it, a binding is made before any code after it runs: only
    the compound statements above it run first."""
    tokens = parsed.tokens
    level = 0
    starts = True  # the next code token starts a statement
    for i, token in enumerate(tokens):
        if token.offset >= before:
            return None
        if token.kind in (INDENT, DEDENT):
            level += 1 if token.kind == INDENT else -1
        elif token.kind == NEWLINE:
            starts = True
        elif token.kind not in TRIVIA:
            if starts and level == 0 and not _is_compound(tokens, i):
                return token.offset
            starts = False
    return None


def _statement_end(tokens: List[Token], i: int) -> int:
    """The index of the ``;`` or ``NEWLINE`` that ends the simple statement at ``i``."""
    depth = 0
    while True:
        token = tokens[i]
        if token.kind == NEWLINE or token.kind == ENDMARKER:
            return i
        if token.kind == OP:
            if token.text in "([{":
                depth += 1
            elif token.text in ")]}":
                depth -= 1
            elif token.text == ";" and depth == 0:
                return i
        i += 1


def _skip_trivia(tokens: List[Token], i: int) -> int:
    while tokens[i].kind in TRIVIA:
        i += 1
    return i


def _last_code(tokens: List[Token], newline: int) -> int:
    j = newline - 1
    while tokens[j].kind in TRIVIA:
        j -= 1
    return j


def _is_future_import(tokens: List[Token], i: int) -> bool:
    if not (tokens[i].kind == NAME and tokens[i].text == "from"):
        return False
    j = _skip_trivia(tokens, i + 1)
    return tokens[j].kind == NAME and tokens[j].text == "__future__"


def _is_compound(tokens: List[Token], i: int) -> bool:
    token = tokens[i]
    if token.kind == OP and token.text == "@":
        return True
    if token.kind != NAME:
        return False
    if token.text in _COMPOUND:
        return True
    if token.text == "match":  # a soft keyword: a statement only if its line ends in ':'
        j = i
        while tokens[j].kind != NEWLINE:
            j += 1
        return tokens[_last_code(tokens, j)].text == ":"
    return False
