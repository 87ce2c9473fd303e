"""``@buttons[0].connect`` (PEP 614, 3.9): a decorator that is any
expression is passed, for 3.8, through a function that returns its
argument, ``@_fstring_backport_d(buttons[0].connect)``, a name that 3.8's
grammar (a dotted name, called at most once) takes.  The expression is
evaluated where it was, in the same order as the other decorators, and
the function is bound with the temporaries (:mod:`..hoisting`), so the
output needs nothing installed.

What 3.15 refuses after an ``@`` that a call's brackets would take (``@a,
b``, ``@a = b``, ``@*a``, ``@x for x in y``) gets 3.15's error, never a
call (:mod:`..invalid_decorators`)."""

from bisect import bisect_left, bisect_right
from typing import Iterator, Tuple

from .. import rules
from ..hoisting import DECORATOR_FUNCTION as FUNCTION
from ..invalid_decorators import refuse_what_315_refuses
from ..prefilter_constructs import may_relax_decorators
from ..rules import Rule
from .module import Edit, Module, Rewriting, bind_in_front

RULES = (rules.DECORATOR_EXPRESSION,)
MAY_HOLD = may_relax_decorators  # the quick check's test for them

NO_PLACE = (
    "cannot lower this decorator for Python 3.8: no statement before it can define the function it is "
    "passed through; add a blank line or a docstring at the top of the module"
)


def problems(module: Module, version: Tuple[int, int]) -> Iterator[Tuple[int, Rule]]:
    if not module.parsed.filename.endswith(".pyi"):
        for found in module.to_lower(RULES, version, MAY_HOLD):
            yield found.start, found.rule


def edits(rewriting: Rewriting) -> Iterator[Edit]:
    if rewriting.stub:  # a stub is read by type checkers, which know the grammar
        return
    module = rewriting.module
    found = module.to_lower(RULES, rewriting.version, MAY_HOLD)
    if not found:
        return
    tokens = module.tokens
    code, offsets = module.code, module.code_offsets
    expressions = []
    for construct in found:
        at = bisect_right(offsets, construct.start) - 1  # the "@", after the DEDENTs at its offset
        last = bisect_left(offsets, construct.end) - 1
        expression = [tokens[i] for i in code[at + 1 : last + 1]]
        if not expression:  # "@" and the line's end: 3.15's error, just after the "@"
            raise module.parsed.error("invalid syntax", construct.end)
        refuse_what_315_refuses(module.parsed, expression)
        expressions.append((expression[0].offset, construct.end))
    function = rewriting.temporaries.decorator()
    if function is None:  # no line above the first statement: in front of a later one
        function = rewriting.temporaries.decorator_name
        yield bind_in_front(module.parsed, found[0], f"{function} = {FUNCTION}", NO_PLACE)
    for start, end in expressions:
        yield Edit(start, start, function + "(")
        yield Edit(end, end, ")")

