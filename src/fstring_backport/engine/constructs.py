"""The grammar of Python 3.9-3.15 found in tokens: where a module uses a
construct that an older Python rejects.

The engine runs on 3.8, whose :mod:`ast` reads none of it, and
``ast.parse(feature_version=...)`` misses half of it even on 3.15; so the
constructs are found in the lexer's tokens, in one pass that knows the
open brackets (a subscript, a call, a ``def``'s parameters, type
parameters, a display, an f-string's field) and where statements start.
Each construct is a rule of :mod:`.rules` (FB4xx); which of them the tool
lowers, and since when, is said there.

:mod:`.prefilter_constructs` answers first, from the bytes, whether a text can
hold any of them at all: most texts are never lexed for this.
"""

from typing import Dict, Iterator, List, NamedTuple, Optional, Set, Tuple

from . import rules
from .fstrings import FString, parse_fstrings
from .lexer import (
    FSTRING_END,
    NAME,
    NEWLINE,
    NUMBER,
    OP,
    STRING,
    TRIVIA,
    TSTRING_END,
    Token,
)
from .parsed import Parsed
from .rules import Rule
from .statements import CLASS, COMPOUND, STATEMENT_ENDS, Statements, innermost_scope, statements_in_blocks
from .type_aliases import lowered_in_classes

# Python's keywords: a bracket after one of these opens a display or a
# group, never a subscript or a call (None, True and False are atoms).
_KEYWORDS = frozenset(
    "and as assert async await break class continue def del elif else except finally for from global if import "
    "in is lambda nonlocal not or pass raise return try while with yield".split()
)
# What ends an operand: a "[" after one subscripts it, a "(" calls it.
_OPERAND_ENDS = frozenset((NAME, NUMBER, STRING, FSTRING_END, TSTRING_END))

# The kinds of open brackets.
SUBSCRIPT, CALL, PARAMETERS, TYPE_PARAMETERS, WITH_ITEMS, FIELD, OTHER = range(7)


class Construct(NamedTuple):
    """A use of newer grammar: its rule, and the offsets of its first
    token and of the end of its last (for naming it beside an error)."""

    rule: Rule
    start: int
    end: int


class _Bracket:
    __slots__ = ("kind", "opener", "first_starred", "has_for")

    def __init__(self, kind: int, opener: int) -> None:
        self.kind = kind
        self.opener = opener  # index in the code tokens
        self.first_starred: Optional[int] = None  # "*x" or "**x" right after the opener
        self.has_for = False  # a "for" directly inside: a comprehension


def constructs(parsed: Parsed) -> List[Construct]:
    """Every use of 3.9-3.15 grammar in ``parsed`` that :mod:`.rules` names
    among its FB4xx rules but FB401 (``except A, B:``, which
    :mod:`.excepts` finds), FB412 (the ``type`` statements that
    :mod:`.type_aliases` lowers: but some in a class body, FB416) and FB414
    (lazy imports, :mod:`.lazy_imports`), in the order of the text."""
    return sorted(_Reader(parsed).read(), key=lambda found: found.start)


def _field_braces(nodes: List[FString]) -> Iterator[int]:
    """The token indices of every replacement field's braces, nested ones too."""
    for node in nodes:
        for field in node.fields():
            yield field.open
            yield from _field_braces(field.fstrings)


class _Reader:
    """One pass over the code tokens (trivia left out)."""

    def __init__(self, parsed: Parsed) -> None:
        tokens = parsed.tokens
        fields = {tokens[i].offset for i in _field_braces(parse_fstrings(parsed))}
        self.code = [token for token in tokens if token.kind not in TRIVIA]
        self.field_offsets: Set[int] = fields
        self.found: List[Construct] = []
        self.partner: Dict[int, int] = _partners(self.code)
        self._in_class_bodies: Optional[Set[int]] = None
        self._lowered_in_classes: Optional[Set[int]] = None

    def in_class_bodies(self) -> Set[int]:
        """The statements (their first code tokens) directly in a class body,
        found once, on the first ``type`` statement."""
        if self._in_class_bodies is None:
            self._in_class_bodies = {
                i for i, blocks in statements_in_blocks(self.code) if innermost_scope(blocks) == CLASS
            }
        return self._in_class_bodies

    def lowered_in_classes(self) -> Set[int]:
        """Of those, the ``type`` statements that are lowered, found once."""
        if self._lowered_in_classes is None:
            self._lowered_in_classes = set(lowered_in_classes(self.code))
        return self._lowered_in_classes

    def add(self, rule: Rule, first: int, last: int) -> None:
        code = self.code
        self.found.append(Construct(rule, code[first].offset, code[last].end))

    def read(self) -> List[Construct]:
        code = self.code
        statements = Statements(code)
        stack: List[_Bracket] = []
        statement = 0  # index of the current statement's first token
        header = False  # the statement is a compound statement's header, its ":" still to come
        lambdas = 0  # lambdas outside brackets whose ":" is still to come
        for i, token, starts in statements:
            kind, text = token.kind, token.text
            if starts:
                statement, header, lambdas = i, self.statement(i), 0
            if kind == NAME:
                if text == "lambda" and not stack:
                    lambdas += 1  # its ":" ends no header
                elif text == "for" and stack:
                    stack[-1].has_for = True
                elif text == "except" and code[i + 1].text == "*" and code[i + 1].kind == OP:
                    self.add(rules.EXCEPT_STAR, i, i + 1)
                continue
            if kind != OP:
                continue
            if text in "([{":
                bracket = _Bracket(self.bracket_kind(i, statement), i)
                following = code[i + 1]
                if following.kind == OP and following.text in ("*", "**"):
                    bracket.first_starred = i + 1
                stack.append(bracket)
            elif text in ")]}":
                if stack:
                    self.closed(stack.pop(), i)
            elif text == ":=":
                inner = stack[-1] if stack else None
                if inner is not None and inner.kind == SUBSCRIPT:
                    self.add(rules.SUBSCRIPT_WALRUS, i, i)
                elif inner is not None and code[inner.opener].text == "{" and inner.kind == OTHER:
                    self.add(rules.SET_WALRUS, i, i)
            elif text == "*":
                self.star(i, stack)
            elif text == "=" and stack and stack[-1].kind == TYPE_PARAMETERS:
                self.add(rules.TYPE_PARAMETER_DEFAULT, i, i)
            elif text == ":" and not stack:
                if lambdas:
                    lambdas -= 1
                elif header:
                    statements.restart()  # ``if x: type X = int``
            elif text == ";" and not stack:
                statements.restart()
        return self.found

    def statement(self, i: int) -> bool:
        """Look at the statement that starts at code token ``i``; whether it
        is a compound statement's header."""
        code = self.code
        token = code[i]
        text = token.text
        if token.kind == OP and text == "@":
            self.decorator(i)
            return False
        if token.kind != NAME:
            return False
        if text == "async":
            if code[i + 1].kind == NAME and code[i + 1].text == "for":
                self.for_iterable(i + 1)
            return True
        if text == "for":
            self.for_iterable(i)
        elif text == "match" and self.ends_in_colon(i):
            self.add(rules.MATCH_STATEMENT, i, i)
            return True
        elif text == "type" and code[i + 1].kind == NAME and code[i + 2].text in ("=", "["):
            # Lowered (:mod:`.type_aliases`), but some in a class body.
            if i in self.in_class_bodies() and i not in self.lowered_in_classes():
                self.add(rules.TYPE_STATEMENT_IN_CLASS, i, i + 1)
        return text in COMPOUND

    def ends_in_colon(self, i: int) -> bool:
        """Whether the logical line from code token ``i`` ends in ":" (a block follows)."""
        code = self.code
        j = i
        while code[j].kind not in STATEMENT_ENDS:
            j = self.partner.get(j, j) + 1
        return code[j - 1].kind == OP and code[j - 1].text == ":"

    def decorator(self, at: int) -> None:
        """PEP 614: before 3.9 a decorator is a dotted name, called at most once."""
        code = self.code
        j = at + 1
        if code[j].kind == NAME and code[j].text not in _KEYWORDS:
            j += 1
            while code[j].text == "." and code[j].kind == OP and code[j + 1].kind == NAME:
                j += 2
            if code[j].text == "(" and code[j].kind == OP:
                j = self.partner.get(j, j) + 1
            if code[j].kind == NEWLINE:
                return
        end = at
        while code[end + 1].kind not in STATEMENT_ENDS:
            end += 1
        self.add(rules.DECORATOR_EXPRESSION, at, end)

    def for_iterable(self, at: int) -> None:
        """``for x in *a, *b:`` (3.9): a starred item in a for statement's
        iterable, outside brackets."""
        code = self.code
        j = at + 1
        seen_in = False
        lambdas = 0  # in the iterable, whose ":" ends no header
        while code[j].kind not in STATEMENT_ENDS:
            token = code[j]
            if token.kind == OP and token.text == ":" and seen_in:
                if not lambdas:
                    return
                lambdas -= 1
            elif token.kind == NAME and token.text == "lambda":
                lambdas += 1
            elif token.kind == NAME and token.text == "in" and not seen_in:
                seen_in = True
            elif seen_in and not lambdas and token.kind == OP and token.text == "*":
                before = code[j - 1]
                if before.text in ("in", ","):
                    self.add(rules.STARRED_FOR_ITERABLE, j, j)
                    return
            j = self.partner.get(j, j) + 1

    def bracket_kind(self, i: int, statement: int) -> int:
        code = self.code
        token = code[i]
        text = token.text
        before = code[i - 1] if i else None
        if text == "{":
            return FIELD if token.offset in self.field_offsets else OTHER
        if before is None:
            return OTHER
        operand = (before.kind in _OPERAND_ENDS and not (before.kind == NAME and before.text in _KEYWORDS)) or (
            before.kind == OP and before.text in (")", "]", "}")
        )
        named = i >= 2 and before.kind == NAME and code[i - 2].kind == NAME
        if text == "[":
            if i - 1 == statement and before.kind == NAME and self.opens_a_pattern(i):
                return OTHER
            if named and code[i - 2].text in ("def", "class"):
                self.add(rules.TYPE_PARAMETERS, i, self.partner.get(i, i))
                return TYPE_PARAMETERS
            if named and code[i - 2].text == "type" and i - 2 == statement:
                self.add(rules.TYPE_PARAMETERS, i, self.partner.get(i, i))  # not lowered with the statement
                return TYPE_PARAMETERS
            return SUBSCRIPT if operand else OTHER
        # "("
        if named and code[i - 2].text == "def":
            return PARAMETERS
        if before.kind == OP and before.text == "]" and self.opens_type_parameters(i - 1):
            return PARAMETERS if code[self.partner[i - 1] - 2].text == "def" else CALL
        if before.kind == NAME and before.text == "with":
            self.with_items(i)
            return WITH_ITEMS
        return CALL if operand else OTHER

    def opens_a_pattern(self, opener: int) -> bool:
        """Whether the ``[`` at ``opener``, right after the name that starts
        its statement, opens a match statement's subject (``match [*a]:``)
        or a case clause's sequence pattern (``case [*rest]:``), which is
        no subscript: the name is the soft keyword, its ``]`` followed by
        what follows a pattern, and a match statement came before."""
        code = self.code
        keyword = code[opener - 1].text
        if keyword == "match":
            return self.ends_in_colon(opener - 1)
        close = self.partner.get(opener)
        if keyword != "case" or close is None or not any(f.rule is rules.MATCH_STATEMENT for f in self.found):
            return False
        after = code[close + 1]
        return (after.kind, after.text) in _AFTER_A_PATTERN

    def opens_type_parameters(self, close: int) -> bool:
        opener = self.partner.get(close)
        code = self.code
        return (
            opener is not None
            and opener >= 2
            and code[opener - 1].kind == NAME
            and code[opener - 2].kind == NAME
            and code[opener - 2].text in ("def", "class")
        )

    def with_items(self, opener: int) -> None:
        """``with (a as b, c as d):`` (3.9): an ``as`` directly inside the
        brackets that follow ``with``, or a ``,`` there when ``:`` follows
        them (``with (a, b):`` is two context managers from 3.9 on, one
        tuple before)."""
        code = self.code
        close = self.partner.get(opener)
        if close is None:
            return
        ends_header = code[close + 1].kind == OP and code[close + 1].text == ":"
        j = opener + 1
        while j < close:
            token = code[j]
            if (token.kind == NAME and token.text == "as") or (ends_header and token.kind == OP and token.text == ","):
                with_at = opener - 1
                if with_at and code[with_at - 1].text == "async":
                    with_at -= 1
                self.add(rules.PARENTHESIZED_WITH, with_at, close)
                return
            j = self.partner.get(j, j) + 1

    def star(self, i: int, stack: List[_Bracket]) -> None:
        """A ``*``: unpacking in a subscript (3.11), or ``*args: *Ts`` (3.11)."""
        if not stack:
            return
        code = self.code
        before = code[i - 1]
        inner = stack[-1]
        if inner.kind == SUBSCRIPT and before.kind == OP and before.text in ("[", ","):
            self.add(rules.STARRED_SUBSCRIPT, i, i)
        elif inner.kind == PARAMETERS and before.kind == OP and before.text == ":":
            self.add(rules.STARRED_ANNOTATION, i, i)

    def closed(self, bracket: _Bracket, close: int) -> None:
        """PEP 798 (3.15): ``[*x for x in xs]``, ``{**d for d in ds}``, ``f(*x for x in xs)``."""
        if bracket.first_starred is not None and bracket.has_for and bracket.kind != FIELD:
            self.add(rules.COMPREHENSION_UNPACKING, bracket.first_starred, close)


# What may follow a case clause's first sequence pattern.
_AFTER_A_PATTERN = frozenset([(OP, ":"), (OP, "|"), (OP, ","), (NAME, "if"), (NAME, "as")])


def _partners(code: List[Token]) -> Dict[int, int]:
    """The index of each bracket's partner, both ways."""
    partner: Dict[int, int] = {}
    open_at: List[int] = []
    for i, token in enumerate(code):
        if token.kind == OP:
            if token.text in "([{":
                open_at.append(i)
            elif token.text in ")]}" and open_at:
                j = open_at.pop()
                partner[i] = j
                partner[j] = i
    return partner


def located(parsed: Parsed, found: List[Construct]) -> List[Tuple[int, int, Rule]]:
    """(line, column from 1, rule) of each construct."""
    result = []
    for construct in found:
        line, column = parsed.position(construct.start)
        result.append((line, column + 1, construct.rule))
    return result


__all__ = ["Construct", "constructs", "located"]
