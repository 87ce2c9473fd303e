"""The full path of :func:`pipeline.transpile`: lex the whole text, then rewrite.

The phases, in order: read the module (lex it, parse its f-strings and
t-strings); place the header (``from __future__ import annotations`` if
asked for and needed, and the temporaries' statement); collect every
rewrite's edits (:mod:`.rewrites`); make them in source order; add the
header; apply the edits; and let the safety net check the result.
"""

import sys
from typing import List, Optional, Tuple

from .annotations import FUTURE_ANNOTATIONS, NO_PLACE, has_annotations
from .constructs import Construct, located
from .constructs import constructs as constructs_of
from .errors import TranspileError
from .hoisting import Temporaries, binding_place, first_statement, future_features, future_place
from .lexer import lex
from .lowering import Lowerer
from .parsed import LineIndex, Parsed
from .prefilter_constructs import may_use_newer_grammar
from .rewrites import CONSTRUCT_REWRITES, REWRITES
from .rewrites.module import Edit, Module, Rewriting
from .rules import COMPREHENSION_UNPACKING, LAZY_IMPORT, TYPE_STATEMENT, Rule
from .runtime_name import RUNTIME
from .safety import Helpers, check_output
from .targets import CURRENT_FSTRINGS, EXCEPT_GROUPS, NATIVE, OLDEST, TSTRINGS

Place = Tuple[int, str, str]  # (offset, text before, text after), as hoisting gives it
Span = Tuple[int, int]  # (first line, last line) of the output that a rewrite wrote


def rewrite(
    text: str,
    filename: str = "<unknown>",
    encoding: str = "utf-8",
    *,
    version: Tuple[int, int] = OLDEST,
    inline_constants: bool = False,
    runtime: str = RUNTIME,
    future_annotations: bool = False,
) -> str:
    """The full path: ``text`` rewritten for the target ``version``, or
    ``text`` itself if nothing changes.  A 3.12 or 3.13 target reads 3.12
    f-strings: only t-strings are lowered, and for 3.12 the f-strings with
    a field that 3.13 converts before its spec's fields; a 3.14 target,
    only lazy imports.  ``future_annotations`` adds ``from __future__
    import annotations`` where annotations need it."""
    old_fstrings, older_than_313 = version < NATIVE, version < CURRENT_FSTRINGS
    module = _read(text, filename)
    stub = filename.endswith(".pyi")  # never runs: nothing to register, no annotations evaluated
    future = future_annotations and not stub and _lacks_future_annotations(module.parsed)
    place = _place(module.parsed, future)
    temporaries = Temporaries(text, inline_constants, place is not None, runtime)
    lowerer = Lowerer(module.parsed, temporaries, encoding, module.every_fstring, old_fstrings, older_than_313)
    rewriting = Rewriting(module, lowerer, temporaries, version, old_fstrings, older_than_313, runtime, stub, place, [])
    edits = _made_in_order([edit for each in REWRITES for edit in each.edits(rewriting)])
    if not edits and not temporaries.needed and not future:
        return text
    if temporaries.needed or future or rewriting.header:
        assert place is not None  # else every constant was spelled inline, and the runtime too
        edits = sorted(edits + [_header(place, temporaries, future, rewriting.header)], key=lambda edit: edit[:2])
    output, spans = _apply(text, edits)
    _safety_check(rewriting, output, spans, future)
    return output


def _read(text: str, filename: str) -> Module:
    """The module lexed, its f-strings and t-strings parsed, and its
    concatenations of t-strings and other strings checked.

    CPython reports what its tokenizer rejects anywhere in the file before
    what its parser rejects, but for an error inside an f-string or
    t-string, or a bracket never closed on the parser's line or later: then
    the parser's error comes first (``f"{x!}"``, then ``f"{`` on line 2)."""
    try:
        parsed = lex(text, filename)
    except TranspileError as error:
        if error.parser_errors_before is not None:
            _raise_an_earlier_error(text[: error.parser_errors_before], filename)
        if error.tokenizer_resumes is not None:
            _raise_a_later_tokenizer_error(text, filename, error)
        if error.closing is not None:
            _raise_an_error_before_the_end(text, error.closing, filename)
        raise
    module = Module(parsed)
    module.concatenations.refuse_mixed_literals()
    return module


def _raise_an_earlier_error(text_before: str, filename: str) -> None:
    """Raise the error of an f-string or concatenation in ``text_before``,
    if it lexes (else it was cut inside a string)."""
    try:
        before = Module(lex(text_before, filename, brackets_may_stay_open=True))
    except TranspileError:
        return
    try:
        before.concatenations.refuse_mixed_literals()  # parses its f-strings and t-strings
    except TranspileError as earlier:
        raise earlier from None


def _raise_an_error_before_the_end(text: str, closing: str, filename: str) -> None:
    """The input ended in an f-string's field (``f'{#}'`` on line 1): raise
    an error that CPython's parser meets in that field before the end, as
    it reads on (``y = f'{a}'`` on line 2, a debug ``=`` followed by more
    code), found with the field and its f-strings closed."""
    end = LineIndex(text).position(len(text))
    try:
        Module(lex(text + "\n" + closing + "\n", filename)).concatenations.refuse_mixed_literals()
    except TranspileError as earlier:
        if (earlier.lineno, (earlier.offset or 1) - 1) < end:
            raise earlier from None


def _raise_a_later_tokenizer_error(text: str, filename: str, error: TranspileError) -> None:
    """Raise what CPython's tokenizer meets after ``error``, which its
    parser raised, outside any f-string: that error is the one CPython
    reports (``f"{a:"`` then an unterminated string on the next line).

    The tokenizer ended the f-string at the quote: the rest is read as it
    read it, the f-string's text blanked but for the brackets left open in
    it (backslashes before its line breaks keep the lines as one)."""
    assert error.tokenizer_resumes is not None
    resumes, start, open_brackets = error.tokenizer_resumes
    blanked = [" " if char not in "\r\n" else char for char in text[start:resumes]]
    for i, char in enumerate(blanked):
        if char in "\r\n" and i and blanked[i - 1] == " ":
            blanked[i - 1] = "\\"
    for bracket, offset in open_brackets:
        blanked[offset - start] = bracket
    try:
        lex(text[:start] + "".join(blanked) + text[resumes:], filename, brackets_may_stay_open=True)
    except TranspileError as later:
        line, column = LineIndex(text).position(resumes)
        # Met in another f-string, the parser's error stands.
        if not later.in_fstring and (later.lineno, later.offset) >= (line, column + 1):
            raise later from None


def _lacks_future_annotations(parsed: Parsed) -> bool:
    return "annotations" not in future_features(parsed) and has_annotations(parsed)


def _place(parsed: Parsed, future: bool) -> Optional[Place]:
    """Where the header goes: the future import must stand where a future
    statement may; the temporaries alone go on a line that can take them."""
    if not future:
        return binding_place(parsed)
    place = future_place(parsed)
    if place is None:
        raise parsed.error(NO_PLACE, parsed.tokens[first_statement(parsed)].offset)
    return place


def _made_in_order(edits: List[Edit]) -> List[Tuple[int, int, str]]:
    """The edits sorted, each deferred replacement made, in source order.

    An edit inside a deferred one (a token changed in an f-string or
    t-string that is lowered) is left out: the lowering writes it, told by
    the rewrite (:meth:`.lowering.Lowerer.replace`).  Of two edits that
    replace the same token, the later one is made: it was written around
    the earlier (:func:`.rewrites.module.wrap_token`)."""
    made: List[Tuple[int, int, str]] = []
    deferred_end = -1
    for start, end, replacement in sorted(edits, key=lambda edit: edit[:2]):
        if start < deferred_end:
            continue
        if made and start < end and made[-1][:2] == (start, end):
            made.pop()
        if not isinstance(replacement, str):
            deferred_end = end
            replacement = replacement()
        made.append((start, end, replacement))
    return made


def _header(place: Place, temporaries: Temporaries, future: bool, added: List[str]) -> Tuple[int, int, str]:
    offset, before, after = place
    statements = [FUTURE_ANNOTATIONS] if future else []
    if temporaries.needed:
        statements.append(temporaries.statement())
    statements.extend(added)
    return (offset, offset, before + "; ".join(statements) + after)


def _apply(text: str, edits: List[Tuple[int, int, str]]) -> Tuple[str, List[Span]]:
    """The text with ``edits`` (sorted, apart) made, and the lines each took."""
    out = []
    position = 0
    for start, end, replacement in edits:
        out.append(text[position:start])
        out.append(replacement)
        position = end
    out.append(text[position:])
    output = "".join(out)
    lines = LineIndex(output)
    spans = []
    shift = 0
    for start, end, replacement in edits:
        first = lines.position(start + shift)[0]
        spans.append((first, first + len(LineIndex(replacement).starts) - 1))
        shift += len(replacement) - (end - start)
    return output, spans


def _safety_check(rewriting: Rewriting, output: str, spans: List[Span], future: bool) -> None:
    """The safety net (:mod:`.safety`), told what the rewrites added."""
    module, temporaries = rewriting.module, rewriting.temporaries
    if temporaries.runtime_inline:
        runtime_name: Optional[str] = temporaries.prefix + "t"  # what the inline spelling is compared as
    else:
        runtime_name = temporaries.runtime() if temporaries.runtime_used else None
    check_output(
        module.parsed.text,
        output,
        dict(temporaries.bindings),
        spans,
        module.parsed.filename,
        runtime_name=runtime_name,
        output_needs=_output_needs(module, rewriting.version),
        input_needs=_input_needs(module),
        lazy_modules=bool(module.lazy_imports),
        type_alias=_type_alias_spelling(rewriting),
        unpacking=temporaries.prefix if _unpacks_in_comprehensions(module) else None,
        helpers=Helpers(
            decorator=temporaries.decorator_name,
            slice_type=temporaries.slice_name,
            starred_annotation=temporaries.prefix + "v",
            format_function=temporaries.format_name,
            join_function=temporaries.join_name,
        ),
        runtime_module=rewriting.runtime if temporaries.runtime_inline else None,
        future_annotations=future,
    )


def _type_alias_spelling(rewriting: Rewriting) -> Optional[Tuple[Optional[str], str]]:
    """How lowered ``type`` statements name the runtime's ``type_alias``:
    the name it is imported as (None: inline), and the module named inline."""
    if not rewriting.module.type_aliases or rewriting.version >= NATIVE:
        return None
    temporaries = rewriting.temporaries
    imported = temporaries.prefix + "a" if temporaries.type_alias_used else None
    return imported, temporaries.runtime_module or RUNTIME


def _input_needs(module: Module) -> Tuple[int, int]:
    """The oldest Python that reads the input, as far as the rewrites tell."""
    if module.lazy_imports:
        return LAZY_IMPORT.needs
    if _unpacks_in_comprehensions(module):
        return COMPREHENSION_UNPACKING.needs
    if module.excepts or any(node.template for node in module.every_fstring.values()):
        return TSTRINGS
    if module.type_aliases:
        return TYPE_STATEMENT.needs
    return OLDEST


def _unpacks_in_comprehensions(module: Module) -> bool:
    """Whether the module unpacks in a comprehension (as a rewrite found)."""
    return module.constructs_read and any(found.rule is COMPREHENSION_UNPACKING for found in module.constructs)


def _output_needs(module: Module, version: Tuple[int, int]) -> Tuple[int, int]:
    """The oldest Python that reads the output: a target from 3.12 on keeps
    what it reads (3.12 f-strings, t-strings); except* stays except*
    (3.11+); newer grammar that is not lowered stays (looked for only where
    this Python may not read it), and so does what the target reads of
    what is lowered for older ones."""
    star = any(clause.star for clause in module.excepts)
    needs = max(OLDEST if version < NATIVE else version, EXCEPT_GROUPS if star else OLDEST)
    data = module.data
    host = sys.version_info[:2]
    known = module.constructs_read
    # Lowered grammar that the scan does not look for, kept for a target that reads it.
    kept_lowered = any(
        any(host < rule.needs <= version for rule in rewrite.RULES) and rewrite.MAY_HOLD(data)
        for rewrite in CONSTRUCT_REWRITES
    )
    if known or kept_lowered or may_use_newer_grammar(data, host):
        kept = [
            found.rule.needs
            for found in module.constructs
            if found.rule.lowered_since is None or found.rule.needs <= version
        ]
        needs = max([needs] + kept)
    return needs


def problems_in(
    text: str, version: Tuple[int, int], filename: str = "<unknown>", rewrites: bool = True, constructs: bool = True
) -> List[Tuple[int, int, Rule]]:
    """:func:`pipeline.find_problems`' full path: every problem in ``text``
    for the target ``version`` (line, column from 1, rule), sorted: with
    ``rewrites``, what the rewrites lower; with ``constructs``, the newer
    grammar left as it is."""
    module = _read(text, filename)
    found = _unlowered(module.parsed, module.constructs, version) if constructs else []
    if rewrites:
        for rewrite in REWRITES:
            for offset, rule in rewrite.problems(module, version):
                line, col = module.parsed.position(offset)
                found.append((line, col + 1, rule))
    # A quote that ends an f-string and the one nested in it is found by both.
    return sorted(set(found))


def unlowered_in(text: str, version: Tuple[int, int], filename: str = "<unknown>") -> List[Tuple[int, int, Rule]]:
    """:func:`pipeline.find_unlowered`' full path."""
    parsed = lex(text, filename)
    return _unlowered(parsed, constructs_of(parsed), version)


def _unlowered(parsed: Parsed, found: List[Construct], version: Tuple[int, int]) -> List[Tuple[int, int, Rule]]:
    return located(parsed, [construct for construct in found if _unlowered_here(construct.rule, version)])


def _unlowered_here(rule: Rule, version: Tuple[int, int]) -> bool:
    """A construct that ``version`` rejects and no rewrite lowers."""
    return rule.lowered_since is None and rule.needs > version

