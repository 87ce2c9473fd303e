"""``except A, B:`` (PEP 758, 3.14): several exception types without parentheses.

Python 3.14 reads ``except A, B:`` and ``except* A, B:`` as ``except (A, B):``;
older Pythons reject them.  The rewrite inserts ``(`` before the first type
and ``)`` after the last, and changes nothing else, so every line keeps its
number.  With ``as`` the brackets are required on 3.14 too: that is 3.15's
error, reported here, since the rewrite would otherwise make it valid code.
"""

from typing import List, NamedTuple, Optional

from .lexer import ENDMARKER, NAME, NEWLINE, OP, TRIVIA, Token
from .parsed import Parsed
from .prefilter_excepts import may_bracket_excepts

AS_NEEDS_PARENTHESES = "multiple exception types must be parenthesized when using 'as'"
INVALID = "invalid syntax"

_OPENING = frozenset("([{")
_CLOSING = frozenset(")]}")


class Unparenthesised(NamedTuple):
    """An except clause whose types need brackets before 3.14: where they go."""

    start: int  # offset of the first type, where "(" goes
    end: int  # offset just past the last one (its trailing comma included), where ")" goes
    star: bool  # except*: syntax of 3.11 and later (PEP 654)


def unparenthesised_excepts(parsed: Parsed) -> List[Unparenthesised]:
    """Each ``except`` clause with several types and no brackets around them.

    Raises 3.15's error where such a clause is not valid on 3.14 either:
    ``as`` after the types, a starred type, ``:=`` or ``yield`` among them.
    """
    if not may_bracket_excepts(parsed.text):  # most texts: no pass over the tokens
        return []
    tokens = parsed.tokens
    code = [token for token in tokens if token.kind not in TRIVIA]
    found = []
    for i, token in enumerate(code):
        if token.kind == NAME and token.text == "except":
            clause = _clause(parsed, code, i + 1)
            if clause is not None:
                found.append(clause)
    return found


def _clause(parsed: Parsed, code: List[Token], i: int) -> Optional[Unparenthesised]:
    """The types of the clause whose first token after ``except`` is ``code[i]``,
    if they need brackets."""
    star = code[i].kind == OP and code[i].text == "*"  # except*
    if star:
        i += 1
    first = i
    depth = 0
    lambdas = 0  # lambdas at depth 0 whose ":" is still to come
    commas = False
    after_comma = False
    suspect: Optional[Token] = None  # the first token that 3.14 rejects here
    as_at: Optional[int] = None
    while True:
        token = code[i]
        kind, text = token.kind, token.text
        if kind in (NEWLINE, ENDMARKER):
            return None  # not a clause Python accepts: Python reports it
        if kind == OP and text in _OPENING:
            depth += 1
        elif kind == OP and text in _CLOSING:
            depth -= 1
        elif depth == 0:
            if kind == NAME and text == "lambda":
                lambdas += 1
            elif kind == OP and text == ":":
                if not lambdas:
                    break
                lambdas -= 1
            elif kind == OP and text == "," and not lambdas:
                commas = True
            elif kind == NAME and text == "as" and as_at is None:
                as_at = i
            elif suspect is None and (
                (kind == OP and text == ":=") or (kind == NAME and text == "yield") or (after_comma and text == "*")
            ):
                suspect = token
        after_comma = depth == 0 and kind == OP and text == ","
        i += 1
    if not commas or first == i:
        return None
    if as_at is not None:
        name = code[as_at + 1]
        if name.kind == NAME and as_at + 2 == i:
            start = _node_start(code, first)
            raise parsed.error(AS_NEEDS_PARENTHESES, code[start].offset, name.end)
        raise parsed.error(INVALID, code[as_at].offset, code[as_at].end)
    if suspect is not None:
        raise parsed.error(INVALID, suspect.offset, suspect.end)
    return Unparenthesised(code[first].offset, code[i - 1].end, star)


def _node_start(code: List[Token], first: int) -> int:
    """Where CPython's node for the first type, at ``code[first]``, starts:
    inside the brackets of a group that is the whole type (``(A), B``),
    which the node does not include (a tuple's or a call's does)."""
    last = first  # the first type's last token: before the first "," outside brackets
    depth = 0
    while True:
        token = code[last]
        if token.kind == OP and token.text in _OPENING:
            depth += 1
        elif token.kind == OP and token.text in _CLOSING:
            depth -= 1
        if depth == 0 and code[last + 1].kind == OP and code[last + 1].text == ",":
            break
        last += 1
    while code[first].kind == OP and code[first].text == "(" and last > first + 1:
        depth = 0
        for j in range(first, last + 1):
            token = code[j]
            if token.kind == OP and token.text in _OPENING:
                depth += 1
            elif token.kind == OP and token.text in _CLOSING:
                depth -= 1
                if depth == 0:
                    break
            elif depth == 1 and (token.text == "," or (token.kind == NAME and token.text in ("for", "yield"))):
                return first  # a tuple, a generator, a yield: the node has the brackets
        if j != last:
            break  # (A).x: the brackets are part of it
        first, last = first + 1, last - 1
    return first


__all__ = ["AS_NEEDS_PARENTHESES", "Unparenthesised", "unparenthesised_excepts"]
