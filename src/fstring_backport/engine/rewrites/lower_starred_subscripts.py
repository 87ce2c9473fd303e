"""``a[*b]`` (PEP 646, 3.11): a subscript with a starred item is a subscript
by the tuple of its items, which older targets must be given as one::

    a[*b]          ->  a[(*b,)]
    a[x, *b]       ->  a[(x, *b)]
    a[1:2, *b]     ->  a[(_s(1, 2), *b)]
    a[*b if c else d]  ->  a[(*(b if c else d),)]

A slice in such a tuple becomes the ``slice`` object 3.15 builds for it,
its missing bounds ``None``; ``_s`` is ``slice`` itself, bound with the
temporaries (:mod:`..hoisting`), so that a module's own ``slice`` cannot
stand in for it.  The items are evaluated in the same order, the slice's
bounds where they stand.  After a ``*`` 3.15 reads any expression, an
older tuple an operand of ``|`` only: what holds more gets brackets.

Only the brackets, the commas and the colons at the subscript's level
change, so lines keep their numbers; inside an f-string or t-string that
is lowered, the lowering writes the same tokens
(:meth:`..lowering.Lowerer.replace`).  A stub (``.pyi``) keeps the star:
type checkers read it."""

from bisect import bisect_left
from collections import defaultdict
from typing import DefaultDict, Dict, Iterator, List, Optional, Tuple

from .. import rules
from ..lexer import FSTRING_START, NAME, OP, STRING, TSTRING_START, Token
from ..prefilter_constructs import may_star_in_subscripts
from ..rules import Rule
from .module import (
    LOOSER_THAN_AN_OPERAND,
    Edit,
    Module,
    Rewriting,
    at_its_level,
    bind_in_front,
    is_token,
    opening_bracket,
    wrap_token,
)

RULES = (rules.STARRED_SUBSCRIPT,)
MAY_HOLD = may_star_in_subscripts  # the quick check's test for them

NO_PLACE = (
    "cannot lower this subscript for Python < 3.11: no statement before it can name the slice type; "
    "add a blank line or a docstring at the top of the module"
)



def problems(module: Module, version: Tuple[int, int]) -> Iterator[Tuple[int, Rule]]:
    if not module.parsed.filename.endswith(".pyi"):
        for found in module.to_lower(RULES, version, MAY_HOLD):
            yield found.start, found.rule


def edits(rewriting: Rewriting) -> Iterator[Edit]:
    if rewriting.stub:  # read by type checkers, which know the grammar (tuple[*Ts])
        return
    module = rewriting.module
    found = module.to_lower(RULES, rewriting.version, MAY_HOLD)
    if not found:
        return
    tokens, code, text = module.tokens, module.code, module.parsed.text
    openers = sorted({opening_bracket(tokens, code, bisect_left(module.code_offsets, each.start)) for each in found})
    # Each changed token (an index into tokens): what goes before it, its
    # own new text, what goes after it.
    before: DefaultDict[int, str] = defaultdict(str)
    after: DefaultDict[int, str] = defaultdict(str)
    replaced: Dict[int, str] = {}
    subscripts = [_items(tokens, code, opener) for opener in openers]
    refused = [_refused(tokens, code, item) for items, _ in subscripts for item in items]
    if any(at is not None for at in refused):  # what 3.15 reads as no subscript: its error, at the first
        token = tokens[code[min(at for at in refused if at is not None)]]
        raise module.parsed.error("invalid syntax", token.offset, token.end)
    slice_type = None
    binding = None  # the slice type's, in front of a statement (no line above the first can take it)
    for opener, (items, close) in zip(openers, subscripts):
        after[code[opener]] += "("
        for first, last, colons, _ in items:
            following = code[last + 1]  # the comma or the closing bracket after the item
            if colons:
                if slice_type is None:
                    slice_type = rewriting.temporaries.slice_type()
                    if slice_type is None:
                        slice_type = rewriting.temporaries.slice_name
                        binding = bind_in_front(module.parsed, found[0], f"{slice_type} = slice", NO_PLACE)
                if tokens[code[first]].kind in _STRING_STARTS:  # which a lowering may write otherwise
                    after[code[first - 1]] += slice_type + "("
                else:
                    before[code[first]] += slice_type + "("
                ends = [*colons, last + 1]  # each bound runs up to the next of these
                if colons[0] == first:
                    before[code[colons[0]]] += "None"
                for colon, end in zip(colons, ends[1:]):
                    token = tokens[code[colon]]
                    spaced = token.end < len(text) and text[token.end] in " \t\f\\\r\n"
                    replaced[code[colon]] = "," + ("" if spaced else " ") + ("None" if end == colon + 1 else "")
                before[following] += ")"
            elif is_token(tokens[code[first]], OP, "*") and _looser_than_an_operand(tokens, code, first + 1, last):
                after[code[first]] += "("
                before[following] += ")"
        if len(items) == 1 and not is_token(tokens[code[close - 1]], OP, ","):
            before[code[close]] += ","
        before[code[close]] += ")"
    for index in sorted(set(before) | set(after) | set(replaced)):
        yield wrap_token(rewriting, index, before[index], after[index], replaced.get(index))
    if binding is not None:
        yield binding


# An item of a subscript: its first and last tokens, its colons (a
# slice's), its assignment expressions, outside brackets (indices into code).
_Item = Tuple[int, int, List[int], List[int]]


def _items(tokens: List[Token], code: List[int], opener: int) -> Tuple[List[_Item], int]:
    """The items of the subscript opened at ``code[opener]``, and its
    closing bracket.  A lambda's parameters and its ``:`` are its own."""
    items = []
    lambdas = 0
    first = opener + 1
    colons: List[int] = []
    walruses: List[int] = []
    for at in at_its_level(tokens, code, opener + 1):
        token = tokens[code[at]]
        if token.kind == NAME and token.text == "lambda":
            lambdas += 1
        elif is_token(token, OP, ":"):
            if lambdas:
                lambdas -= 1
            else:
                colons.append(at)
        elif is_token(token, OP, ":="):
            walruses.append(at)
        elif is_token(token, OP, ",") and not lambdas:
            items.append((first, at - 1, colons, walruses))
            first, colons, walruses = at + 1, [], []
    if first < at:  # not after a trailing comma
        items.append((first, at - 1, colons, walruses))
    return items, at


def _refused(tokens: List[Token], code: List[int], item: _Item) -> Optional[int]:
    """Where 3.15 stops reading ``item`` ("invalid syntax"), if it does: a
    starred item is an expression, a slice's bounds too, with no ``*``,
    ``:=`` or third colon."""
    first, _, colons, walruses = item
    if is_token(tokens[code[first]], OP, "*"):
        return min(colons[:1] + walruses[:1], default=None)
    if not colons:
        return None
    refused = [colon + 1 for colon in colons if is_token(tokens[code[colon + 1]], OP, "*")] + colons[2:3]
    if walruses:
        refused.append(max(walruses[0], colons[0]))
    return min(refused, default=None)


def _looser_than_an_operand(tokens: List[Token], code: List[int], first: int, last: int) -> bool:
    """Whether ``code[first:last + 1]`` holds, outside brackets, what an
    operand of ``|`` cannot (a conditional expression, ``not``, ``or``, a
    comparison, a lambda)."""
    for at in at_its_level(tokens, code, first):
        token = tokens[code[at]]
        if at > last:
            return False
        if token.kind in (NAME, OP) and token.text in LOOSER_THAN_AN_OPERAND:
            return True
    return False


_STRING_STARTS = frozenset([STRING, FSTRING_START, TSTRING_START])
