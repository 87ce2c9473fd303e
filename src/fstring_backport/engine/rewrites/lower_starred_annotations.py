"""``def f(*args: *Ts)`` (PEP 646, 3.11): the annotation of ``*args`` is the
one item that unpacking its expression gives, which older targets spell
as a comprehension that unpacks it into one name::

    def f(*args: *Ts):  ->  def f(*args: [_v for (_v,) in (Ts,)][0]):

(``_v`` is the temporaries' prefix and a letter, the comprehension's own
name).  ``Ts`` is evaluated where it stands, in the scope of the ``def``,
and unpacked as 3.15 unpacks it: anything but one item is the same
ValueError ("too many values to unpack (expected 1)").  Only the star's
token and the one after the expression change, so lines keep their
numbers.  A stub (``.pyi``) keeps the star: type checkers read it."""

from bisect import bisect_left
from typing import Iterator, List, NoReturn, Tuple

from .. import rules
from ..lexer import NAME, OP, Token
from ..prefilter_constructs import may_star_in_subscripts
from ..rules import Rule
from .module import LOOSER_THAN_AN_OPERAND, Edit, Module, Rewriting, at_its_level, wrap_token

RULES = (rules.STARRED_ANNOTATION,)
MAY_HOLD = may_star_in_subscripts  # the quick check's test for them

_NOT_AFTER_THE_STAR = LOOSER_THAN_AN_OPERAND | {":=", "="}


def problems(module: Module, version: Tuple[int, int]) -> Iterator[Tuple[int, Rule]]:
    if not module.parsed.filename.endswith(".pyi"):
        for found in module.to_lower(RULES, version, MAY_HOLD):
            yield found.start, found.rule


def edits(rewriting: Rewriting) -> Iterator[Edit]:
    if rewriting.stub:  # read by type checkers, which know the grammar
        return
    module = rewriting.module
    found = module.to_lower(RULES, rewriting.version, MAY_HOLD)
    if not found:
        return
    tokens, code = module.tokens, module.code
    item = rewriting.temporaries.prefix + "v"
    for construct in found:
        star = bisect_left(module.code_offsets, construct.start)
        if not _annotates_starred_parameter(tokens, code, star):  # "**k: *Ts", "x: *Ts"
            _refuse(module, tokens[code[star]])
        # On to the "," or ")" that ends the annotation: an operand of "|"
        # follows the star (3.15's error at what no operand holds).
        for at in at_its_level(tokens, code, star + 1):
            token = tokens[code[at]]
            if token.kind == OP and token.text in (",", ")"):
                break
            if token.kind in (NAME, OP) and token.text in _NOT_AFTER_THE_STAR:
                _refuse(module, token)
        yield wrap_token(rewriting, code[star], "", "", f"[{item} for ({item},) in (")
        yield wrap_token(rewriting, code[at], ",)][0]", "")


def _annotates_starred_parameter(tokens: List[Token], code: List[int], star: int) -> bool:
    """Whether the ``*`` at ``code[star]`` follows ``*name:``, after ``(`` or ``,``."""
    marks = [tokens[code[at]] for at in range(star - 4, star)]
    return (
        marks[2].kind == NAME
        and (marks[3].kind, marks[3].text) == (OP, ":")
        and (marks[1].kind, marks[1].text) == (OP, "*")
        and marks[0].kind == OP
        and marks[0].text in ("(", ",")
    )


def _refuse(module: Module, token: Token) -> NoReturn:
    raise module.parsed.error("invalid syntax", token.offset, token.end)
