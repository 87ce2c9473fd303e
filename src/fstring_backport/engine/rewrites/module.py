"""What the rewrites read: one lexed module, and the state of its rewriting."""

from functools import cached_property
from typing import Callable, Dict, Iterator, List, NamedTuple, Optional, Tuple, Union

from ..constructs import Construct, constructs
from ..excepts import Unparenthesised, unparenthesised_excepts
from ..fstrings import FString, parse_fstrings
from ..hoisting import Temporaries, first_simple_statement
from ..lazy_imports import LazyImport, lazy_imports
from ..lexer import OP, TRIVIA, Token
from ..lowering import Lowerer
from ..parsed import Parsed
from ..rules import Rule
from ..templates import Concatenations, all_nodes
from ..type_aliases import TypeAlias, type_aliases

# What an operand of "|" (what follows the "*" of a starred item before
# 3.11, and of ``*args: *Ts``) holds only in brackets.
LOOSER_THAN_AN_OPERAND = frozenset(
    ["if", "else", "or", "and", "not", "in", "is", "lambda", "<", ">", "==", ">=", "<=", "!=", "<>"]
)


_OPENERS, _CLOSERS = frozenset("([{"), frozenset(")]}")


def is_token(token: Token, kind: str, text: str) -> bool:
    return token.kind == kind and token.text == text


def nesting(token: Token, backwards: bool = False) -> int:
    """How ``token`` changes the depth of brackets, read in that direction."""
    if token.kind != OP or not (token.text in _OPENERS or token.text in _CLOSERS):
        return 0
    return -1 if (token.text in _OPENERS) == backwards else 1


def at_its_level(tokens: List[Token], code: List[int], start: int) -> Iterator[int]:
    """From ``code[start]`` on, the code tokens outside the brackets opened
    after it (indices into ``code``), up to and with the bracket that
    closes the one ``start`` stands in."""
    depth = 0
    at = start
    while True:
        change = nesting(tokens[code[at]])
        if change < 0 and not depth:
            yield at
            return
        if not depth and not change:
            yield at
        depth += change
        at += 1


def opening_bracket(tokens: List[Token], code: List[int], inside: int) -> int:
    """The bracket that ``code[inside]`` stands directly in (an index into
    ``code``): :func:`at_its_level` read backwards."""
    at, depth = inside - 1, 0
    while True:
        change = nesting(tokens[code[at]], backwards=True)
        if change < 0 and not depth:
            return at
        depth += change
        at -= 1


class Edit(NamedTuple):
    """Replace ``text[start:end]`` by ``replacement``.  A replacement may be
    deferred (a function of no arguments): those are made in source order
    once every rewrite has said where, so that the temporaries the lowering
    adds are numbered as they appear in the module."""

    start: int
    end: int
    replacement: Union[str, Callable[[], str]]


class Module:
    """One lexed module; its f-strings and t-strings parsed on first use."""

    def __init__(self, parsed: Parsed) -> None:
        self.parsed = parsed
        self.tokens = parsed.tokens

    @cached_property
    def fstrings(self) -> List[FString]:
        """The f-strings and t-strings in no other one, in source order."""
        return parse_fstrings(self.parsed)

    @cached_property
    def every_fstring(self) -> Dict[int, FString]:
        """Every f-string and t-string, nested ones included, by first token."""
        return all_nodes(self.fstrings)

    @cached_property
    def concatenations(self) -> Concatenations:
        return Concatenations(self.parsed, self.every_fstring)

    @cached_property
    def excepts(self) -> List[Unparenthesised]:
        return unparenthesised_excepts(self.parsed)

    @cached_property
    def lazy_imports(self) -> List[LazyImport]:
        return lazy_imports(self.parsed)

    @cached_property
    def type_aliases(self) -> List[TypeAlias]:
        return type_aliases(self.parsed)

    @cached_property
    def constructs(self) -> List[Construct]:
        """The newer grammar that :mod:`..constructs` finds, lowered or not."""
        return constructs(self.parsed)

    @property
    def constructs_read(self) -> bool:
        """Whether :attr:`constructs` was read already (by a rewrite)."""
        return "constructs" in self.__dict__

    @cached_property
    def code(self) -> List[int]:
        """The indices of the tokens that are code (trivia left out)."""
        return [i for i, token in enumerate(self.tokens) if token.kind not in TRIVIA]

    @cached_property
    def code_offsets(self) -> List[int]:
        """Where each token of :attr:`code` starts, to find one by offset."""
        tokens = self.tokens
        return [tokens[i].offset for i in self.code]

    @cached_property
    def data(self) -> bytes:
        """The text in UTF-8, as the quick check's tests read it."""
        return self.parsed.text.encode("utf-8", "surrogatepass")

    def to_lower(
        self, rules: Tuple[Rule, ...], version: Tuple[int, int], may_hold: Callable[[bytes], bool]
    ) -> List[Construct]:
        """The constructs of ``rules`` that ``version`` needs lowered; the
        tokens are read for them only where ``may_hold``, the quick check's
        test for them, says they may be."""
        if not any(version < rule.needs for rule in rules) or not may_hold(self.data):
            return []
        return [found for found in self.constructs if found.rule in rules and version < found.rule.needs]


class Rewriting(NamedTuple):
    """A module being rewritten, and what its rewrites share."""

    module: Module
    lowerer: Lowerer
    temporaries: Temporaries
    version: Tuple[int, int]  # the target
    old_fstrings: bool  # the target is older than 3.12: f-strings it rejects are lowered
    older_than_313: bool  # older than 3.13: f-strings it evaluates in another order too
    runtime: str  # the module lowered t-strings import ``build`` from ("" for none)
    stub: bool  # a .pyi file: it never runs
    place: Optional[Tuple[int, str, str]]  # where the statement of temporaries goes (hoisting)
    header: List[str]  # statements a rewrite adds there, beside the temporaries'


def replace_token(rewriting: Rewriting, index: int, text: str) -> Edit:
    """``tokens[index]`` written as ``text``: in the text, and wherever the
    lowering of an f-string or t-string around it writes it."""
    rewriting.lowerer.replace(index, text)
    token = rewriting.module.tokens[index]
    return Edit(token.offset, token.end, text)


def wrap_token(rewriting: Rewriting, index: int, before: str, after: str, text: Optional[str] = None) -> Edit:
    """``tokens[index]`` written between ``before`` and ``after`` (as
    ``text``, if given), around what an earlier rewrite wrote for it: the
    later edit of a token is the one made (:mod:`..rewriting`)."""
    if text is None:
        text = rewriting.lowerer.replaced.get(index, rewriting.module.tokens[index].text)
    return replace_token(rewriting, index, before + text + after)


def bind_in_front(parsed: Parsed, first: Construct, statement: str, no_place: str) -> Edit:
    """``statement``, a binding, in front of the module's first simple
    statement, which must come before ``first``, the first construct that
    needs it (only compound statements run before that one): for a module
    with no line above its first statement (:mod:`..hoisting`).  Else
    raise ``no_place``."""
    place = first_simple_statement(parsed, first.start)
    if place is None:
        raise parsed.error(no_place, first.start, first.end)
    return Edit(place, place, statement + "; ")
