"""Where a module's statements start, read from its code tokens: what the
readers that walk a whole module in one pass (:mod:`.constructs`,
:mod:`.annotations`) share.

A statement starts after the end of a logical line (and at an indent, a
dedent, the end of the module), and within a line where its reader sees
one end: after a compound statement's header (``if x: y = 1``) or a ``;``.
:func:`statements_in_blocks` also says which blocks hold each statement,
for the rules that depend on them (lazy imports, type aliases).
"""

from typing import Iterator, List, Tuple

from .lexer import DEDENT, ENDMARKER, INDENT, NAME, NEWLINE, OP, Token

# Tokens that end a statement (a logical line's end) or stand between two.
STATEMENT_ENDS = frozenset((NEWLINE, INDENT, DEDENT, ENDMARKER))
# Statements with a block: their first ":" outside brackets (not a
# lambda's) ends the header, and a simple statement may follow on the line.
COMPOUND = frozenset("if elif else for while with try except finally def class async".split())


class Statements:
    """The code tokens of a module (trivia left out), each with whether it
    starts a statement, for a reader that goes through them once.

    Iterating gives ``(index, token, starts)`` for every token but the
    statement ends; the reader calls :meth:`restart` where it sees a
    statement start inside a line."""

    __slots__ = ("code", "_starting")

    def __init__(self, code: List[Token]) -> None:
        self.code = code
        self._starting = True

    def restart(self) -> None:
        """The next token starts a statement (after a header's ``:`` or a ``;``)."""
        self._starting = True

    def __iter__(self) -> Iterator[Tuple[int, Token, bool]]:
        for i, token in enumerate(self.code):
            if token.kind in STATEMENT_ENDS:
                self._starting = True
                continue
            starts = self._starting
            self._starting = False
            yield i, token, starts


# What a block is, for the rules that depend on it: a function's body, a
# class body, a clause of a try statement (its else too), or another.
FUNCTION, CLASS, TRY, OTHER = "def", "class", "try", ""


def statements_in_blocks(code: List[Token]) -> Iterator[Tuple[int, List[str]]]:
    """Each statement of a module's code tokens (trivia left out): the
    index of its first token, and the kinds of the blocks that hold it,
    outermost first (:data:`FUNCTION`, :data:`CLASS`, :data:`TRY` or
    :data:`OTHER`), a body on its header's line (``if x: y``) included."""
    blocks: List[str] = []  # the kind of each enclosing indented block
    on_line: List[str] = []  # the blocks opened on this line
    last_header: List[str] = [""]  # per indentation level, the last compound keyword
    opened = OTHER  # the block the next INDENT starts
    header = False  # a compound statement's ":" is still to come
    depth = lambdas = 0
    starts = True
    for i, token in enumerate(code):
        kind, text = token.kind, token.text
        if kind in STATEMENT_ENDS:
            if kind == INDENT:
                blocks.append(opened)
                last_header.append("")
            elif kind == DEDENT:
                blocks.pop()
                last_header.pop()
            elif kind == NEWLINE:
                on_line, header, lambdas = [], False, 0
            starts = True
            continue
        if starts:
            starts = False
            yield i, blocks + on_line
            opened, header = OTHER, False
            if kind == NAME and (text in COMPOUND or text in ("match", "case")):
                # A soft keyword's header too: its ":" may end it (``case 1: x``).
                keyword = code[i + 1].text if text == "async" else text
                header = True
                opened = _block_kind(keyword, last_header[-1])
                last_header[-1] = keyword
        if kind != OP:
            if kind == NAME and text == "lambda" and not depth:
                lambdas += 1
            continue
        if text in "([{":
            depth += 1
        elif text in ")]}":
            depth -= 1
        elif text == ":" and not depth:
            if lambdas:
                lambdas -= 1
            elif header:
                on_line.append(opened)
                header = False
                starts = True  # a statement may follow on the line
        elif text == ";" and not depth:
            starts = True


def innermost_scope(blocks: List[str]) -> str:
    """:data:`FUNCTION`, :data:`CLASS`, or :data:`OTHER` for the module: the
    scope whose names a statement in ``blocks`` binds."""
    for kind in reversed(blocks):
        if kind in (FUNCTION, CLASS):
            return kind
    return OTHER


def _block_kind(keyword: str, previous: str) -> str:
    """The kind of the body of a compound statement, given the keyword of the
    one before it at its level (an ``else`` after ``except`` is try's)."""
    if keyword == "def":
        return FUNCTION
    if keyword == "class":
        return CLASS
    if keyword in ("try", "except", "finally") or (keyword == "else" and previous == "except"):
        return TRY
    return OTHER
