"""The full path of :func:`pipeline.transpile`: lex the whole text, then rewrite.

Each t-string is lowered, and each f-string the target needs lowered; the
types of ``except A, B:`` are bracketed; ``from __future__ import
annotations`` is added if asked for and needed; the temporaries and the
runtime's import are placed; the safety net checks the result.
"""

import sys
from typing import Iterator, List, Optional, Tuple

from . import rules
from .annotations import FUTURE_ANNOTATIONS, NO_PLACE, has_annotations
from .constructs import constructs as constructs_of
from .constructs import located
from .excepts import Unparenthesised, unparenthesised_excepts
from .fstrings import FString, parse_fstrings
from .hoisting import Temporaries, binding_place, first_statement, future_features, future_place
from .lexer import TSTRING_START, lex
from .lowering import Lowerer
from .oldsyntax import accepted_before_312, problems
from .parsed import LineIndex, Parsed
from .pipeline import RUNTIME
from .quickconstructs import may_use_newer_grammar
from .rules import Rule
from .safety import check_output
from .targets import EXCEPT_GROUPS, NATIVE, OLDEST
from .templates import Concatenations, all_nodes, registration, templatelib_references


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
        _output_needs(parsed, old_fstrings, excepts),
        has_314_syntax,
        runtime if temporaries.runtime_inline else None,
        future,
    )
    return output


def _output_needs(parsed: Parsed, old_fstrings: bool, excepts: List[Unparenthesised]) -> Tuple[int, int]:
    """The oldest Python that reads the output: a 3.12 target keeps 3.12
    f-strings; except* stays except* (3.11+); newer grammar that is not
    lowered stays (looked for only where this Python may not read it)."""
    needs = max(OLDEST if old_fstrings else NATIVE, EXCEPT_GROUPS if any(c.star for c in excepts) else OLDEST)
    if may_use_newer_grammar(parsed.text.encode("utf-8", "surrogatepass"), sys.version_info[:2]):
        needs = max([needs] + [found.rule.needs for found in constructs_of(parsed)])
    return needs


def _apply(text: str, edits: List[Tuple[int, int, str]]) -> str:
    out = []
    position = 0
    for start, end, replacement in edits:
        out.append(text[position:start])
        out.append(replacement)
        position = end
    out.append(text[position:])
    return "".join(out)


def _tstrings(parsed: Parsed) -> List[int]:
    """The offset of every t-string, nested ones included."""
    return [token.offset for token in parsed.tokens if token.kind == TSTRING_START]


def problems_in(
    text: str, version: Tuple[int, int], filename: str = "<unknown>", strings: bool = True, constructs: bool = True
) -> List[Tuple[int, int, Rule]]:
    """:func:`pipeline.find_problems`' full path: every problem in ``text``
    for the target ``version`` (line, column from 1, rule), sorted: with
    ``strings``, of its f-strings, t-strings and ``except A, B:``; with
    ``constructs``, of the newer grammar left as it is."""
    parsed = lex(text, filename)
    found = []
    if constructs:
        found.extend(_unlowered(parsed, version))
    if strings:
        for offset in _tstrings(parsed):
            line, col = parsed.position(offset)
            found.append((line, col + 1, rules.TSTRING))
        for clause in unparenthesised_excepts(parsed):
            line, col = parsed.position(clause.start)
            found.append((line, col + 1, rules.EXCEPT_WITHOUT_PARENTHESES))
        if version < NATIVE:
            for node in _outermost_fstrings(parse_fstrings(parsed)):
                for offset, what in problems(parsed, node):
                    line, col = parsed.position(offset)
                    found.append((line, col + 1, what))
    # A quote that ends an f-string and the one nested in it is found by both.
    return sorted(set(found))


def unlowered_in(text: str, version: Tuple[int, int], filename: str = "<unknown>") -> List[Tuple[int, int, Rule]]:
    """:func:`pipeline.find_unlowered`' full path."""
    return _unlowered(lex(text, filename), version)


def _unlowered(parsed: Parsed, version: Tuple[int, int]) -> List[Tuple[int, int, Rule]]:
    return located(parsed, [found for found in constructs_of(parsed) if found.rule.needs > version])


def _outermost_fstrings(nodes: List[FString]) -> Iterator[FString]:
    """The f-strings in no other f-string: those in t-strings are in code once the t-string is lowered."""
    for node in nodes:
        if node.template:
            for field in node.fields():
                yield from _outermost_fstrings(field.fstrings)
        else:
            yield node
