"""``transpile``: the one place that turns 3.12 f-strings into older syntax.

The CLI, the import hook and the build integrations all call this function
and add only what is theirs (files, caching, packaging).
"""

from typing import List, Optional, Tuple, TypeVar

from . import rules
from .errors import TranspileError
from .fstrings import parse_fstrings
from .hoisting import Temporaries, binding_place
from .lexer import TSTRING_START, lex
from .lowering import Lowerer
from .oldsyntax import accepted_before_312, problems
from .parsed import LineIndex, Parsed
from .quickcheck import all_fstrings_plain
from .rules import Rule
from .safety import check_output
from .source import DecodedSource, decode_source, encode_source, needs_no_decoding
from .targets import NATIVE, OLDEST, TSTRINGS, Target, parse_target

AnySource = TypeVar("AnySource", str, bytes)

TSTRINGS_REFUSED = "t-strings need Python 3.14 or later"


def transpile(
    source: AnySource, target: Target = OLDEST, filename: str = "<unknown>", *, inline_constants: bool = False
) -> AnySource:
    """Rewrite the 3.12-only f-strings of ``source`` for ``target``.

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
    names to the module.

    A t-string (PEP 750) is left as it is for a 3.14+ target, and raises
    :class:`TranspileError` at its start for an older one (not lowered yet).
    """
    version = parse_target(target)
    if not isinstance(inline_constants, bool):
        raise TypeError(f"inline_constants must be True or False, not {inline_constants!r}")
    if version >= TSTRINGS:
        if isinstance(source, bytes) and not needs_no_decoding(source):
            decode_source(source, filename)  # a bad encoding is still an error
        return source
    if not isinstance(source, bytes):
        if all_fstrings_plain(source):
            return source  # the common case: no lexing at all (see quickcheck)
        if version >= NATIVE:
            _refuse_tstrings(lex(source, filename))
            return source
        return rewrite(source, filename, inline_constants=inline_constants)
    decoded = _decoded_unless_plain(source, filename)
    if decoded is None:
        return source
    if version >= NATIVE:  # f-strings as they are; only t-strings to refuse
        _refuse_tstrings(lex(decoded.text, filename))
        return source
    result = rewrite(decoded.text, filename, decoded.encoding, inline_constants)
    return source if result is decoded.text else encode_source(result, decoded.encoding)


def _tstrings(parsed: Parsed) -> List[int]:
    """The offset of every t-string, nested ones included."""
    return [token.offset for token in parsed.tokens if token.kind == TSTRING_START]


def _refuse_tstrings(parsed: Parsed) -> None:
    """Raise at the first t-string: targets before 3.14 cannot run one."""
    found = _tstrings(parsed)
    if found:
        raise parsed.error(TSTRINGS_REFUSED, found[0])


def _decoded_unless_plain(source: bytes, filename: str) -> Optional[DecodedSource]:
    """The decoded source, or None if every f-string in it is accepted by 3.8-3.11 unchanged.

    ASCII with no coding cookie (most files) is checked without decoding.
    """
    if needs_no_decoding(source):
        return None if all_fstrings_plain(source) else DecodedSource(source.decode("ascii"), "utf-8")
    decoded = decode_source(source, filename)
    return None if all_fstrings_plain(decoded.text) else decoded


def rewrite(text: str, filename: str = "<unknown>", encoding: str = "utf-8", inline_constants: bool = False) -> str:
    """The full path: lex the whole text, lower each f-string that needs it.

    A t-string anywhere (in an f-string too) raises: it is not lowered yet.
    """
    parsed = lex(text, filename)
    _refuse_tstrings(parsed)
    tokens = parsed.tokens
    place = binding_place(parsed)
    temporaries = Temporaries(text, inline=inline_constants, place_found=place is not None)
    lowerer = Lowerer(parsed, temporaries, encoding)
    edits: List[Tuple[int, int, str]] = []
    for node in parse_fstrings(parsed):
        if not accepted_before_312(parsed, node):
            edits.append((tokens[node.start].offset, tokens[node.end].end, lowerer.lower(node)))
    if not edits:
        return text
    if temporaries.bindings:
        assert place is not None  # else every constant was spelled inline
        offset, before, after = place
        edits.append((offset, offset, before + temporaries.statement() + after))
        edits.sort(key=lambda edit: edit[:2])
    output = _apply(text, edits)
    lines = LineIndex(output)
    spans = []
    shift = 0
    for start, end, replacement in edits:
        first = lines.position(start + shift)[0]
        spans.append((first, first + len(LineIndex(replacement).starts) - 1))
        shift += len(replacement) - (end - start)
    check_output(text, output, dict(temporaries.bindings), spans, filename)
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
    errors, t-strings among them for a target before 3.14.  Bad input
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
    if version >= NATIVE:
        return found
    for node in parse_fstrings(parsed):
        for offset, what in problems(parsed, node):
            line, col = parsed.position(offset)
            found.append((line, col + 1, what))
    # A quote that ends an f-string and the one nested in it is found by both.
    return sorted(set(found))


__all__ = ["transpile", "find_problems", "parse_target", "TranspileError"]
