"""``transpile``: the one place that turns 3.12 f-strings into older syntax.

The CLI, the import hook and the build integrations all call this function
and add only what is theirs (files, caching, packaging).
"""

from typing import List, Optional, Tuple, TypeVar

from .errors import TranspileError
from .fstrings import parse_fstrings
from .hoisting import Temporaries, place_bindings
from .lexer import LineIndex, tokenize
from .lowering import Lowerer
from .oldsyntax import accepted_before_312, problems
from .quickcheck import all_fstrings_plain
from .safety import check_output
from .source import DecodedSource, decode_source, encode_source, needs_no_decoding
from .targets import NATIVE, OLDEST, Target, parse_target

AnySource = TypeVar("AnySource", str, bytes)


def transpile(source: AnySource, target: Target = OLDEST, filename: str = "<unknown>") -> AnySource:
    """Rewrite the 3.12-only f-strings of ``source`` for ``target``.

    ``str`` in, ``str`` out; ``bytes`` are decoded by their coding cookie or
    BOM and the result is encoded the same way.  An f-string that Python 3.12
    rejects raises :class:`TranspileError`; so does any other error the lexer
    meets in a file that has f-strings to rewrite.  A file whose f-strings
    all need no rewrite is returned as it is without being lexed
    (:mod:`quickcheck`), errors outside f-strings and all; so is one whose
    only fault is a single-quoted f-string left open before any brace
    (``f'abc`` and a line break), which Python reports when it compiles it.
    """
    version = parse_target(target)
    if not isinstance(source, bytes):
        if version >= NATIVE or all_fstrings_plain(source):
            return source  # the common case: no lexing at all (see quickcheck)
        return rewrite(source, filename)
    if version >= NATIVE:
        if not needs_no_decoding(source):
            decode_source(source, filename)  # a bad encoding is still an error
        return source
    decoded = _decoded_unless_plain(source, filename)
    if decoded is None:
        return source
    result = rewrite(decoded.text, filename, decoded.encoding)
    return source if result is decoded.text else encode_source(result, decoded.encoding)


def _decoded_unless_plain(source: bytes, filename: str) -> Optional[DecodedSource]:
    """The decoded source, or None if every f-string in it is accepted by 3.8-3.11 unchanged.

    ASCII with no coding cookie (most files) is checked without decoding.
    """
    if needs_no_decoding(source):
        return None if all_fstrings_plain(source) else DecodedSource(source.decode("ascii"), "utf-8")
    decoded = decode_source(source, filename)
    return None if all_fstrings_plain(decoded.text) else decoded


def rewrite(text: str, filename: str = "<unknown>", encoding: str = "utf-8") -> str:
    """The full path: lex the whole text, lower each f-string that needs it."""
    tokens = tokenize(text, filename)
    temporaries = Temporaries(text)
    lowerer = Lowerer(tokens, text, temporaries, filename, encoding)
    edits: List[Tuple[int, int, str]] = []
    for node in parse_fstrings(tokens, text, filename):
        if not accepted_before_312(tokens, text, node):
            edits.append((tokens[node.start].offset, tokens[node.end].end, lowerer.lower(node)))
    if not edits:
        return text
    if temporaries.bindings:
        offset, insertion = place_bindings(tokens, text, temporaries.statement(), filename)
        edits.append((offset, offset, insertion))
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


def find_problems(source: AnySource, target: Target = OLDEST, filename: str = "<unknown>") -> List[Tuple[int, int, str]]:
    """Where ``target`` would reject or misread the source: (line, column, what).

    Columns are 1-based; every problem is reported, like ruff's syntax
    errors.  Bad input raises TranspileError where transpile would.
    """
    if parse_target(target) >= NATIVE:
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
    tokens = tokenize(text, filename)
    lines = LineIndex(text)
    found = []
    for node in parse_fstrings(tokens, text, filename):
        for offset, what in problems(tokens, text, node):
            line, col = lines.position(offset)
            found.append((line, col + 1, what))
    return found


__all__ = ["transpile", "find_problems", "parse_target", "TranspileError"]
