"""``transpile``: the one place that turns 3.12 f-strings and 3.14 t-strings into older syntax.

The CLI, the import hook and the build integrations all call this function
and add only what is theirs (files, caching, packaging).
"""

from typing import Iterator, List, Optional, Tuple, TypeVar

from . import rules
from .annotations import FUTURE_ANNOTATIONS, NO_PLACE, has_annotations
from .errors import TranspileError
from .excepts import unparenthesised_excepts
from .fstrings import FString, parse_fstrings
from .hoisting import Temporaries, binding_place, first_statement, future_features, future_place
from .lexer import TSTRING_START, lex
from .lowering import Lowerer
from .oldsyntax import accepted_before_312, problems
from .parsed import LineIndex, Parsed
from .quickcheck import all_fstrings_plain
from .rules import Rule
from .safety import check_output
from .source import DecodedSource, decode_source, encode_source, needs_no_decoding
from .targets import NATIVE, OLDEST, TSTRINGS, Target, parse_target
from .templates import RUNTIME, Concatenations, all_nodes, registration, templatelib_references

AnySource = TypeVar("AnySource", str, bytes)


def transpile(
    source: AnySource,
    target: Target = OLDEST,
    filename: str = "<unknown>",
    *,
    inline_constants: bool = False,
    runtime: str = RUNTIME,
    future_annotations: bool = False,
) -> AnySource:
    """Rewrite the 3.12 f-strings, 3.14 t-strings and other 3.14 syntax of ``source`` for ``target``.

    ``str`` in, ``str`` out; ``bytes`` are decoded by their coding cookie or
    BOM and the result is encoded the same way.  An f-string that Python 3.12
    rejects raises :class:`TranspileError`; so does any other error the lexer
    meets in a file that has f-strings to rewrite.  A file whose f-strings
    all need no rewrite is returned as it is without being lexed
    (:mod:`quickcheck`), errors outside f-strings and all; so is one whose
    only fault is a single-quoted f-string left open before any brace
    (``f'abc`` and a line break), which Python reports when it compiles it.

    A constant that an old f-string cannot spell (``"\\n"`` in a field) is
    bound to a module-level name where a line above the first statement can
    take the binding, else spelled inline (``('%c' % (10,))``); with
    ``inline_constants`` it is always spelled inline, and the output adds no
    names to the module but the runtime's.

    A t-string (PEP 750) is left as it is for a 3.14+ target; for an older
    one it becomes a call of ``build`` from the module ``runtime``
    (``fstring_backport.templatelib``, or a copy of it a wheel ships),
    imported under a private name at the top of the module, as is that
    module in a module that imports ``string.templatelib``.  A module with
    no line above its first statement names the runtime inline instead
    (``__import__('fstring_backport.templatelib').templatelib.build``).
    With ``runtime=""`` nothing is imported: the calls name the builtin
    ``_fstring_backport_build``, which the caller provides.

    ``except A, B:`` (PEP 758) becomes ``except (A, B):``.  With
    ``future_annotations`` a module with annotations that lacks ``from
    __future__ import annotations`` gets it (3.14 evaluates annotations
    lazily; older Pythons need PEP 563 to run code written for that).
    """
    version = parse_target(target)
    if not isinstance(inline_constants, bool):
        raise TypeError(f"inline_constants must be True or False, not {inline_constants!r}")
    if not isinstance(future_annotations, bool):
        raise TypeError(f"future_annotations must be True or False, not {future_annotations!r}")
    if version >= TSTRINGS:
        if isinstance(source, bytes) and not needs_no_decoding(source):
            decode_source(source, filename)  # a bad encoding is still an error
        return source
    old_fstrings = version < NATIVE  # else only t-strings are rewritten
    if not isinstance(source, bytes):
        if not future_annotations and all_fstrings_plain(source):
            return source  # the common case: no lexing at all (see quickcheck)
        return rewrite(
            source,
            filename,
            inline_constants=inline_constants,
            old_fstrings=old_fstrings,
            runtime=runtime,
            future_annotations=future_annotations,
        )
    if future_annotations:  # every module is read for its annotations
        decoded: Optional[DecodedSource] = decode_source(source, filename)
    else:
        decoded = _decoded_unless_plain(source, filename)
    if decoded is None:
        return source
    result = rewrite(
        decoded.text, filename, decoded.encoding, inline_constants, old_fstrings, runtime, future_annotations
    )
    return source if result is decoded.text else encode_source(result, decoded.encoding)


def _tstrings(parsed: Parsed) -> List[int]:
    """The offset of every t-string, nested ones included."""
    return [token.offset for token in parsed.tokens if token.kind == TSTRING_START]


def _decoded_unless_plain(source: bytes, filename: str) -> Optional[DecodedSource]:
    """The decoded source, or None if every f-string in it is accepted by 3.8-3.11 unchanged.

    ASCII with no coding cookie (most files) is checked without decoding.
    """
    if needs_no_decoding(source):
        return None if all_fstrings_plain(source) else DecodedSource(source.decode("ascii"), "utf-8")
    decoded = decode_source(source, filename)
    return None if all_fstrings_plain(decoded.text) else decoded


def rewrite(
    text: str,
    filename: str = "<unknown>",
    encoding: str = "utf-8",
    inline_constants: bool = False,
    old_fstrings: bool = True,
    runtime: str = RUNTIME,
    future_annotations: bool = False,
) -> str:
    """The full path: lex the whole text, lower each t-string, and each
    f-string that needs it (unless ``old_fstrings`` is false: a 3.12 target);
    bracket the types of ``except A, B:``; add ``from __future__ import
    annotations`` if asked for and needed."""
    parsed = lex(text, filename)
    nodes = parse_fstrings(parsed)
    index = all_nodes(nodes)
    concatenations = Concatenations(parsed, index)
    concatenations.check()
    tokens = parsed.tokens
    stub = filename.endswith(".pyi")  # never runs: nothing to register, no annotations evaluated
    future = (
        future_annotations
        and not stub
        and "annotations" not in future_features(parsed)
        and has_annotations(parsed)
    )
    place = future_place(parsed) if future else binding_place(parsed)
    if future and place is None:
        raise parsed.error(NO_PLACE, tokens[first_statement(parsed)].offset)
    temporaries = Temporaries(text, inline_constants, place is not None, runtime)
    lowerer = Lowerer(parsed, temporaries, encoding, index, old_fstrings)
    edits: List[Tuple[int, int, str]] = []
    for node in nodes:
        start = tokens[node.start].offset
        if node.template:
            if concatenations.first_of_run(node.start):
                group = concatenations.group(node.start)
                edits.append((start, tokens[group[-1].end].end, lowerer.lower_template(group)))
        elif old_fstrings:
            if not accepted_before_312(parsed, node):
                edits.append((start, tokens[node.end].end, lowerer.lower(node)))
        elif any(token.kind == TSTRING_START for token in tokens[node.start : node.end]):
            edits.append((start, tokens[node.end].end, lowerer.code(node.start, node.end + 1)))
    excepts = unparenthesised_excepts(parsed)
    for clause in excepts:
        edits.append((clause.start, clause.start, "("))
        edits.append((clause.end, clause.end, ")"))
    # The runtime registers string.templatelib: a module that imports it
    # imports the runtime first (once: transpiling again adds nothing).
    registered = f"from {runtime} import build" in text or registration(runtime) in text
    if runtime and not stub and not registered:
        references = templatelib_references(parsed)
        if place is not None and references.anywhere:
            temporaries.runtime()
        elif place is None:
            for offset in references.imports:
                edits.append((offset, offset, registration(runtime) + "; "))
    if not edits and not temporaries.needed and not future:
        return text
    if temporaries.needed or future:
        assert place is not None  # else every constant was spelled inline, and the runtime too
        offset, before, after = place
        statements = [FUTURE_ANNOTATIONS] if future else []
        if temporaries.needed:
            statements.append(temporaries.statement())
        edits.append((offset, offset, before + "; ".join(statements) + after))
    edits.sort(key=lambda edit: edit[:2])
    output = _apply(text, edits)
    lines = LineIndex(output)
    spans = []
    shift = 0
    for start, end, replacement in edits:
        first = lines.position(start + shift)[0]
        spans.append((first, first + len(LineIndex(replacement).starts) - 1))
        shift += len(replacement) - (end - start)
    if temporaries.runtime_inline:
        runtime_name: Optional[str] = temporaries.prefix + "t"  # what the inline spelling is compared as
    else:
        runtime_name = temporaries.runtime() if temporaries.runtime_used else None
    has_314_syntax = bool(excepts) or any(node.template for node in index.values())
    check_output(
        text,
        output,
        dict(temporaries.bindings),
        spans,
        filename,
        runtime_name,
        not old_fstrings,
        has_314_syntax,
        runtime if temporaries.runtime_inline else None,
        future,
    )
    return output


def _apply(text: str, edits: List[Tuple[int, int, str]]) -> str:
    out = []
    position = 0
    for start, end, replacement in edits:
        out.append(text[position:start])
        out.append(replacement)
        position = end
    out.append(text[position:])
    return "".join(out)


def find_problems(
    source: AnySource, target: Target = OLDEST, filename: str = "<unknown>"
) -> List[Tuple[int, int, Rule]]:
    """Where ``target`` would reject or misread the source: (line, column, rule).

    Columns are 1-based; every problem is reported, like ruff's syntax
    errors, t-strings and ``except A, B:`` among them for a target before
    3.14.  Bad input
    raises TranspileError where transpile would.
    """
    version = parse_target(target)
    if version >= TSTRINGS:
        return []
    if isinstance(source, bytes):
        decoded = _decoded_unless_plain(source, filename)
        if decoded is None:
            return []
        text = decoded.text
    elif all_fstrings_plain(source):
        return []
    else:
        text = source
    parsed = lex(text, filename)
    found = []
    for offset in _tstrings(parsed):
        line, col = parsed.position(offset)
        found.append((line, col + 1, rules.TSTRING))
    for clause in unparenthesised_excepts(parsed):
        line, col = parsed.position(clause.start)
        found.append((line, col + 1, rules.EXCEPT_WITHOUT_PARENTHESES))
    if version >= NATIVE:
        return sorted(found)
    for node in _outermost_fstrings(parse_fstrings(parsed)):
        for offset, what in problems(parsed, node):
            line, col = parsed.position(offset)
            found.append((line, col + 1, what))
    # A quote that ends an f-string and the one nested in it is found by both.
    return sorted(set(found))


def _outermost_fstrings(nodes: List[FString]) -> Iterator[FString]:
    """The f-strings in no other f-string: those in t-strings are in code once the t-string is lowered."""
    for node in nodes:
        if node.template:
            for field in node.fields():
                yield from _outermost_fstrings(field.fstrings)
        else:
            yield node


__all__ = ["transpile", "find_problems", "parse_target", "TranspileError"]
