"""Unpacking in a comprehension (PEP 798, 3.15) becomes a comprehension over
a generator of the element's values, the element left where it stands::

    [*E for x in xs]   ->  [_i for _e in (E for x in xs) for _i in (*_e,)]
    {*E for x in xs}   ->  {_i for _e in (E for x in xs) for _i in {*_e}}
    (*E for x in xs)   ->  (_i for _e in (E for x in xs) for _i in _e)
    {**E for x in xs}  ->  {_k: _v for _e in (E for x in xs) for _k, _v in {**_e}.items()}

(the names are the temporaries' prefix and a letter).  ``(*_e,)``,
``{*_e}`` and ``{**_e}`` unpack each value as 3.15 does, with its error
messages ("Value after * must be an iterable", "'int' object is not a
mapping"); a generator expression iterates each one plainly, as 3.15
does (``(*_e,)``, not ``[*_e]``, which PyPy 3.11 refuses in a later
iterable of a comprehension).  The generator runs each ``E`` when the
values before it are used up, so the order of evaluation is 3.15's; it
is async where the comprehension is.

No assignment expression may stand in a comprehension's iterable: where
the element or a condition holds one, the generator is passed to a lambda
instead, ``(lambda _g: [_i for _e in _g for _i in (*_e,)])(E for x in
xs)``, and its assignments bind where 3.15 binds them.  No lambda can be
async: an async comprehension that holds one is refused.

Only the star, the closing bracket and (for the lambda) the opening one
change, so lines keep their numbers; inside an f-string or t-string that
is lowered, the lowering writes the same tokens
(:meth:`..lowering.Lowerer.replace`).
"""

from bisect import bisect_left
from typing import Iterator, List, Optional, Tuple

from .. import rules
from ..lexer import NAME, OP, TRIVIA, Token
from ..prefilter_comprehension_unpacking import may_unpack_in_comprehension
from ..rules import Rule
from .module import Edit, Module, Rewriting, replace_token

RULES = (rules.COMPREHENSION_UNPACKING,)
MAY_HOLD = may_unpack_in_comprehension  # the quick check's test for them


def problems(module: Module, version: Tuple[int, int]) -> Iterator[Tuple[int, Rule]]:
    for found in module.to_lower(RULES, version, MAY_HOLD):
        yield found.start, found.rule


def edits(rewriting: Rewriting) -> Iterator[Edit]:
    module = rewriting.module
    found = module.to_lower(RULES, rewriting.version, MAY_HOLD)
    if not found:
        return
    offsets = [token.offset for token in module.tokens]
    prefix = rewriting.temporaries.prefix
    for construct in found:
        star = bisect_left(offsets, construct.start)
        close = bisect_left(offsets, construct.end - 1)
        for index, text in _replacements(module, star, close, prefix):
            yield replace_token(rewriting, index, text)


def _replacements(module: Module, star: int, close: int, prefix: str) -> List[Tuple[int, str]]:
    """The new texts of the star's token and of the closing bracket's."""
    tokens = module.tokens
    opener = _code_before(tokens, star)
    bracket, stars = tokens[opener].text, tokens[star].text
    first_for, colon = _level_of(tokens, star, close)
    each, item = prefix + "e", prefix + "i"
    if stars == "**" and bracket != "{":
        kind = "list comprehension" if bracket == "[" else "generator expression"
        raise _error(module, f"cannot use dict unpacking in {kind}", star, first_for)
    if colon is not None:
        what = "a starred expression" if stars == "*" else "dict unpacking"
        raise _error(module, f"cannot use {what} in a dictionary key", star, colon)
    _check_element(module, star, first_for, bracket, stars)
    asynchronous = _is_async(tokens, star, close)
    if stars == "**":
        key, value = prefix + "k", prefix + "v"
        head, unpacked = f"{key}: {value}", f"{key}, {value} in {{**{each}}}.items()"
    else:
        head = item
        unpacked = item + " in " + {"[": f"(*{each},)", "{": f"{{*{each}}}", "(": each}[bracket]
    if not any(tokens[i].text == ":=" and tokens[i].kind == OP for i in range(star, close)):
        for_each = f"{head} {'async ' if asynchronous else ''}for {each} in ("
        return [(star, for_each), (close, f") for {unpacked}{tokens[close].text}")]
    if asynchronous:
        raise module.parsed.error(
            "cannot lower unpacking in an asynchronous comprehension that holds an assignment expression",
            tokens[star].offset,
            tokens[close].end,
        )
    values = prefix + "g"
    comprehension = f"{head} for {each} in {values} for {unpacked}"
    closing = {"[": "]", "{": "}", "(": ")"}[bracket]
    function = f"(lambda {values}: {bracket}{comprehension}{closing})("
    if bracket == "(":  # a generator expression, or a call's one argument: the lambda goes inside
        return [(star, function), (close, "))")]
    return [(opener, function), (star, ""), (close, ")")]


# What 3.15 reads after "*" in a list or a set is an operand of "|" (its
# bitwise_or): none of these outside brackets, nor a conditional expression.
_NOT_IN_AN_OPERAND = frozenset(["or", "and", "not", "in", "is", "lambda", "<", ">", "==", ">=", "<=", "!=", "<>"])


def _check_element(module: Module, star: int, first_for: int, bracket: str, stars: str) -> None:
    """Raise 3.15's error for an element it does not read after the star:
    ``yield``, ``:=`` outside brackets; in a list or a set, what no
    operand of ``|`` holds."""
    tokens = module.tokens
    operand_only = stars == "*" and bracket in "[{"
    first = _code_after(tokens, star)
    if tokens[first].kind == NAME and tokens[first].text == "yield":
        message = "Invalid star expression" if bracket == "(" and stars == "*" else "invalid syntax"
        raise module.parsed.error(message, tokens[first].offset, tokens[first].end)
    depth = 0
    offending = None
    for i in range(first, first_for):
        token = tokens[i]
        if token.kind not in (OP, NAME):
            continue
        if token.kind == OP and token.text in "([{":
            depth += 1
        elif token.kind == OP and token.text in ")]}":
            depth -= 1
        elif depth == 0 and token.text == ":=":
            if stars == "**":
                raise module.parsed.error("cannot use dict unpacking here", tokens[star].offset, tokens[star].end)
            offending = i if offending is None else offending
        elif depth == 0 and operand_only and token.kind == NAME and token.text == "if":
            raise _error(
                module,
                "invalid starred expression. Did you forget to wrap the conditional expression in parentheses?",
                star,
                first_for,
            )
        elif depth == 0 and operand_only and token.text in _NOT_IN_AN_OPERAND and offending is None:
            offending = i
    if offending is not None:
        raise module.parsed.error("invalid syntax", tokens[offending].offset, tokens[offending].end)


def _code_before(tokens: List[Token], i: int) -> int:
    i -= 1
    while tokens[i].kind in TRIVIA:
        i -= 1
    return i


def _level_of(tokens: List[Token], star: int, close: int) -> Tuple[int, Optional[int]]:
    """The comprehension's first ``for`` (its ``async``, if it has one), and
    a ``:`` before it at the bracket's level, if there is one (not a
    lambda's)."""
    depth = 0
    colon = None
    lambdas = 0
    for i in range(star + 1, close):
        token = tokens[i]
        if token.kind != OP and token.kind != NAME:
            continue
        text = token.text
        if token.kind == OP:
            if text in "([{":
                depth += 1
            elif text in ")]}":
                depth -= 1
            elif text == ":" and depth == 0 and lambdas:
                lambdas -= 1
            elif text == ":" and depth == 0 and colon is None:
                colon = _code_before(tokens, i)
        elif depth == 0 and text == "lambda":
            lambdas += 1
        elif depth == 0 and text == "for":
            before = _code_before(tokens, i)
            return (before if tokens[before].text == "async" else i), colon
    raise AssertionError("a comprehension without 'for'")  # constructs found one


def _is_async(tokens: List[Token], start: int, close: int) -> bool:
    """Whether the comprehension in ``tokens[start:close]`` is asynchronous,
    so that the generator of its elements is: an ``async for`` or an
    ``await`` in it, but in its first iterable (which runs outside it) or
    in a generator expression nested in it (which is one of its own)."""
    depth = 0
    fors = 0
    in_first_iterable = False
    i = start + 1
    while i < close:
        token = tokens[i]
        text = token.text
        if token.kind == OP:
            if text == "(" and _opens_generator(tokens, i):
                i = _partner(tokens, i)
            elif text in "([{":
                depth += 1
            elif text in ")]}":
                depth -= 1
        elif token.kind == NAME:
            async_for = text == "async" and tokens[_code_after(tokens, i)].text == "for"
            if depth == 0 and (async_for or text in ("for", "if")):
                if async_for:
                    return True  # one of its own clauses
                fors += text == "for"
                in_first_iterable = False
            elif depth == 0 and text == "in" and fors == 1 and not in_first_iterable:
                in_first_iterable = True
            elif (async_for or text == "await") and not in_first_iterable:
                return True
        i += 1
    return False


def _code_after(tokens: List[Token], i: int) -> int:
    i += 1
    while tokens[i].kind in TRIVIA:
        i += 1
    return i


def _partner(tokens: List[Token], opener: int) -> int:
    depth = 0
    for i in range(opener, len(tokens)):
        token = tokens[i]
        if token.kind == OP and token.text in "([{":
            depth += 1
        elif token.kind == OP and token.text in ")]}":
            depth -= 1
            if depth == 0:
                return i
    raise AssertionError("a bracket never closed")  # the lexer refuses those


def _opens_generator(tokens: List[Token], opener: int) -> bool:
    """Whether the ``(`` at ``opener`` holds a generator expression: a
    ``for`` directly inside it."""
    depth = 0
    for i in range(opener, _partner(tokens, opener)):
        token = tokens[i]
        if token.kind == OP and token.text in "([{":
            depth += 1
        elif token.kind == OP and token.text in ")]}":
            depth -= 1
        elif depth == 1 and token.kind == NAME and token.text == "for":
            return True
    return False


def _error(module: Module, message: str, first: int, after: int) -> Exception:
    """3.15's error, from the star to the code before ``after``."""
    tokens = module.tokens
    last = _code_before(tokens, after) if tokens[after].text in ("for", "async") else after
    return module.parsed.error(message, tokens[first].offset, tokens[last].end)
