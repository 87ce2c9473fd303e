"""``fstring-backport repl`` (or ``python -m fstring_backport repl``): the console of
``python -m code`` for 3.12 f-strings and 3.14 t-strings.

The console is :class:`code.InteractiveConsole` (prompts, buffering,
tracebacks without the console's frames, ``_``, KeyboardInterrupt, EOF,
readline when it is there) with another compiler in place of
:class:`codeop.CommandCompiler`.  That compiler answers, for the lines typed
so far, what CommandCompiler answers: a code object (complete), None
(incomplete: prompt ``...``) or a SyntaxError.  On 3.14+ it is
CommandCompiler itself.

Before 3.14 the lines go through :func:`dynamic.lower` first, and the
question "incomplete or wrong?" is answered at two levels:

* Lexically, by the engine's lexer, which reads 3.12 syntax: input that
  ends inside a bracket, a triple-quoted string or an f-string's
  replacement field (``f"{`` and a line break is valid 3.12) is incomplete.
  Those are the lexer's only errors raised because the input ran out
  (:func:`_ran_out`); every other one is a syntax error, in 3.15's words.
* Grammatically, by this Python's own CommandCompiler, which knows how its
  console decides (three compiles before 3.11, PyCF_ALLOW_INCOMPLETE_INPUT
  from 3.11 on): it gets the lowered lines when they lower.  When they do
  not (lowering checks that its output parses, which a compound statement
  still waiting for its body does not), it judges a *skeleton* of the
  lines instead: every f-string replaced by one with no field, and every
  t-string by a plain string, of the same extent (:func:`_skeleton`),
  which this Python reads and whose errors fall at the columns typed.  The
  fields' expressions, left out of the skeleton, are read by this
  Python's parser on their own (:func:`_field_error`).

One difference remains by design: lines left open lexically are incomplete
even when what is there is wrong already.  3.15 reports ``f"{1 2`` at
once, as its parser fails before the end; here the error comes once the
field is closed.  Guessing the rest to find out would refuse valid input.

Future statements carry to later input as in the standard console: the
CommandCompiler that compiles the lowered lines keeps them, and the
skeleton and the fields are read with the same flags.  Lines with no
f-string to lower go to that CommandCompiler as they are, so they behave
exactly as in ``python -m code`` on this Python.
"""

import __future__

import ast
import code
import codeop
import re
import sys
import warnings
from types import CodeType
from typing import Any, Dict, List, Optional, Tuple, Type

from .. import install
from ..engine.errors import TranspileError
from ..engine.fstrings import FString, parse_fstrings
from ..engine.lexer import FSTRING_END, FSTRING_START, TSTRING_END, TSTRING_START, lex
from ..engine.parsed import Parsed
from ..engine.pipeline import name_newer_grammar
from ..engine.targets import NEWEST_GRAMMAR
from .compile import lower

NAME = "fstring-backport console"
BANNER = (
    f"Python {sys.version} on {sys.platform}\n"
    'Type "help", "copyright", "credits" or "license" for more information.\n'
    f"({NAME}: Python 3.12 f-strings and 3.14 t-strings)"
)
EXIT_MESSAGE = f"now exiting {NAME}..."

_HERE = sys.version_info[:2]
_FUTURE_FLAGS = 0
for _feature in __future__.all_feature_names:
    _FUTURE_FLAGS |= getattr(__future__, _feature).compiler_flag
# SyntaxError keeps its end position in its arguments from 3.10 on, and
# the console of 3.10-3.12 rebuilds an error from 4-tuple arguments.
_END_IN_ARGS = sys.version_info >= (3, 10)
# The lexer's errors for input that ends too soon: a bracket (a replacement
# field's too) or a triple-quoted literal still open at the end.
_RAN_OUT = re.compile(r"'[(\[{]' was never closed|unterminated triple-quoted [a-z-]+ literal \(detected at line \d+\)")
_LINE_BREAK = re.compile(r"(\r\n|\r|\n)")  # kept by split()
_LINES = re.compile(r"\r\n|\r|\n")


class Compiler(codeop.CommandCompiler):
    """:class:`codeop.CommandCompiler` for source in 3.12 f-string and 3.14 t-string syntax.

    Its own ``compiler`` (:class:`codeop.Compile`) compiles what runs, and
    keeps the future statements in force.
    """

    def native(self, source: str, filename: str, symbol: str) -> Optional[CodeType]:
        """What the console of this Python answers for ``source`` (a
        construct of newer grammar it rejects named in its error)."""
        try:
            return super().__call__(source, filename, symbol)
        except SyntaxError as error:
            raise name_newer_grammar(error, source) from None

    def __call__(self, source: str, filename: str = "<input>", symbol: str = "single") -> Optional[CodeType]:
        """A code object, or None if ``source`` is incomplete; SyntaxError if it is wrong."""
        if _HERE >= NEWEST_GRAMMAR or _blank(source):
            return self.native(source, filename, symbol)
        # As codeop does, the lines are read with a line break after them:
        # a backslash at the end continues the line.
        text = source + "\n"
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # lowering parses its output: the compile below warns
                lowered = lower(text, filename)
        except SyntaxError as failure:
            return self._unlowered(source, filename, symbol, failure)
        if lowered is text:
            return self.native(source, filename, symbol)  # nothing to lower
        if lowered.endswith("\n"):
            lowered = lowered[:-1]  # the line break added, which lowering leaves alone
        try:
            return self.native(lowered, filename, symbol)
        except SyntaxError as error:
            raise _as_typed(error, source, lowered) from None

    def _unlowered(self, source: str, filename: str, symbol: str, failure: SyntaxError) -> Optional[CodeType]:
        """The verdict on ``source``, which did not lower, failing with ``failure``."""
        try:
            parsed = lex(source + "\n", filename)
            nodes = parse_fstrings(parsed)
        except TranspileError as error:
            if _ran_out(error):
                return None
            raise _as_typed(failure, source, source, fill=True) from None
        # Every f-string reads well: the failure comes from the code around
        # them or in their fields, which this Python judges on its own.
        skeleton = _skeleton(parsed)[:-1]
        judge = codeop.CommandCompiler()
        flags = self.compiler.flags  # codeop.Compile's, future statements among them
        judge.compiler.flags = flags
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # the lines' warnings come once, when they run
                verdict = judge(skeleton, filename, symbol)
        except SyntaxError as error:
            raise _as_typed(error, source, skeleton) from None
        in_field = _field_error(parsed, nodes, filename, flags & _FUTURE_FLAGS)
        if in_field is not None:
            raise in_field
        if verdict is None:
            return None
        raise _as_typed(failure, source, source, fill=True) from None


class Console(code.InteractiveConsole):
    """:class:`code.InteractiveConsole` reading 3.12 f-strings and 3.14 t-strings."""

    def __init__(self, locals: Optional[Dict[str, Any]] = None, filename: str = "<console>") -> None:
        super().__init__(locals, filename)
        self.compile = Compiler()


def interact(
    banner: Optional[str] = None, local: Optional[Dict[str, Any]] = None, exitmsg: Optional[str] = None
) -> None:
    """:func:`code.interact` with :class:`Console`; its own banner and exit message by default."""
    console = Console(local)
    try:
        import readline  # noqa: F401  (line editing and history for input(), as code.interact has them)
    except ImportError:
        pass
    console.interact(BANNER if banner is None else banner, EXIT_MESSAGE if exitmsg is None else exitmsg)


def main(quiet: bool = False) -> int:
    """The console with the hook installed; no banner if ``quiet`` (or
    ``python -q``).  Its options are read by the command line (cli/subcommands.py)."""
    install()  # modules imported from the console may hold 3.12 f-strings too
    interact("" if quiet or sys.flags.quiet else None)
    return 0


def _blank(source: str) -> bool:
    """Only blank lines and comments (codeop compiles ``pass`` for them)."""
    return all(not line.strip() or line.strip().startswith("#") for line in source.split("\n"))


def _ran_out(error: SyntaxError) -> bool:
    return bool(_RAN_OUT.fullmatch(error.msg))


def _skeleton(parsed: Parsed) -> str:
    """The text with every outermost f-string and t-string a literal of the
    same extent that this Python reads: an f-string with no field, or a
    plain string for a t-string."""
    pieces = []
    depth = start = 0
    letter = ""
    for token in parsed.tokens:
        if token.kind in (FSTRING_START, TSTRING_START):
            if not depth:
                start = token.offset
                letter = "f" if token.kind == FSTRING_START else ""
            depth += 1
        elif token.kind in (FSTRING_END, TSTRING_END):
            depth -= 1
            if not depth:
                pieces.append(_placeholder(letter, parsed.text[start : token.end]))
        elif not depth:
            pieces.append(token.text)
    return "".join(pieces)


def _placeholder(letter: str, literal: str) -> str:
    """A literal with no field and only ``_`` inside, as long as ``literal``
    and over the same lines (triple-quoted then; its first line may come
    out longer, which moves nothing: a line break follows it)."""
    parts = _LINE_BREAK.split(literal)  # lines and the breaks between them
    opening = len(letter) + 1
    if len(parts) == 1:
        return letter + '"' + "_" * (len(literal) - opening - 1) + '"'
    filled = ["_" * len(part) if i % 2 == 0 else part for i, part in enumerate(parts)]
    filled[0] = letter + '"""' + filled[0][opening + 2 :]
    filled[-1] = filled[-1][3:] + '"""'
    return "".join(filled)


def _field_error(parsed: Parsed, nodes: List[FString], filename: str, flags: int) -> Optional[SyntaxError]:
    """The first syntax error in the fields' expressions, as this Python's
    parser reads them: each outermost f-string or t-string in turn, as the
    expression ``( (x) (y (w)) )`` for ``f"{x}{y:{w}}"``, each field's
    expression in place between parentheses, the rest blank."""
    tokens = parsed.tokens
    for outer in nodes:
        begin = tokens[outer.start].offset
        chars = [ch if ch in "\r\n" else " " for ch in parsed.text[begin : tokens[outer.end].end]]
        stack = [outer]
        while stack:  # a nested f-string is laid over the expression it is in
            node = stack.pop()
            first, last = tokens[node.start].offset - begin, tokens[node.end].end - 1 - begin
            chars[first : last + 1] = [ch if ch in "\r\n" else " " for ch in chars[first : last + 1]]
            chars[first], chars[last] = "(", ")"
            for field in node.fields():
                chars[tokens[field.open].offset - begin] = "("
                chars[tokens[field.close].offset - begin] = ")"
                for token in tokens[field.expr_start : field.expr_end]:
                    at = token.offset - begin
                    chars[at : at + len(token.text)] = token.text
                stack.extend(field.fstrings)
        try:
            compile("".join(chars), filename, "eval", ast.PyCF_ONLY_AST | flags, True)
        except SyntaxError as error:
            line, column = parsed.position(begin)
            lineno, offset = _moved(error.lineno, error.offset, line, column)
            end = getattr(error, "end_lineno", None), getattr(error, "end_offset", None)  # 3.10+
            end_lineno, end_offset = _moved(*end, line, column)
            text = _line(parsed.text, lineno) if lineno is not None else None
            return _error(type(error), error.msg, filename, lineno, offset, text, end_lineno, end_offset)
    return None


def _moved(lineno: Optional[int], offset: Optional[int], line: int, column: int) -> Tuple[Optional[int], Optional[int]]:
    """A position in a text that starts at (``line``, ``column``) as a position in the whole."""
    if lineno is None:
        return None, offset
    if lineno == 1 and offset is not None and offset > 0:
        offset += column
    return lineno + line - 1, offset


def _as_typed(error: SyntaxError, typed: str, compiled: str, fill: bool = False) -> SyntaxError:
    """``error``, raised for ``compiled`` (the typed lines lowered, or their
    skeleton), as an error of the typed lines: their text, the columns
    mapped back, and an end position the console keeps.  An error with no
    text keeps none (this Python's console shows it so), unless ``fill``."""
    lineno, offset = error.lineno, error.offset
    end_lineno, end_offset = getattr(error, "end_lineno", None), getattr(error, "end_offset", None)
    text = error.text
    if lineno is not None:
        typed_line, compiled_line = _line(typed, lineno), _line(compiled, lineno)
        if text is None and fill:
            text = typed_line
        elif text is not None and typed_line is not None and typed_line != compiled_line:
            text = typed_line
            if offset is not None and compiled_line is not None:
                offset = _column(typed_line, compiled_line, offset)
        if end_lineno is not None and end_offset is not None:
            typed_end, compiled_end = _line(typed, end_lineno), _line(compiled, end_lineno)
            if typed_end is not None and compiled_end is not None and typed_end != compiled_end:
                end_offset = _column(typed_end, compiled_end, end_offset)
    return _error(type(error), error.msg, error.filename, lineno, offset, text, end_lineno, end_offset)


def _error(
    kind: Type[SyntaxError],
    msg: str,
    filename: Optional[str],
    lineno: Optional[int],
    offset: Optional[int],
    text: Optional[str],
    end_lineno: Optional[int],
    end_offset: Optional[int],
) -> SyntaxError:
    """A SyntaxError of the built-in class ``kind`` is, or derives from,
    that shows as the interpreter's own: end position included."""
    kind = next(base for base in (TabError, IndentationError, SyntaxError) if issubclass(kind, base))
    if _END_IN_ARGS:
        return kind(msg, (filename, lineno, offset, text, end_lineno, end_offset))
    error = kind(msg, (filename, lineno, offset, text))
    error.end_lineno, error.end_offset = end_lineno, end_offset  # read by nothing before 3.10
    return error


def _line(source: str, lineno: int) -> Optional[str]:
    lines = _LINES.split(source)
    return lines[lineno - 1] if 0 < lineno <= len(lines) else None


def _column(typed: str, compiled: str, offset: int) -> int:
    """The 1-based ``offset`` into ``compiled`` as an offset into ``typed``:
    the same in the text before the first difference, counted from the end
    after the last one, the start of the difference in between."""
    if len(typed) == len(compiled):
        return offset  # a skeleton: f-strings replaced in place
    same = 0
    while same < min(len(typed), len(compiled)) and typed[same] == compiled[same]:
        same += 1
    tail = 0
    while tail < min(len(typed), len(compiled)) - same and typed[-1 - tail] == compiled[-1 - tail]:
        tail += 1
    if offset <= same + 1:
        return offset
    if offset > len(compiled) - tail:
        return offset - len(compiled) + len(typed)
    return same + 1
