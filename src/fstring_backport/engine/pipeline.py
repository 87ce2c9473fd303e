"""``transpile``: the one place that turns 3.12 f-strings, 3.14 t-strings
and the other newer grammar it lowers into older syntax.

The CLI, the import hook and the build integrations all call this function
and add only what is theirs (files, caching, packaging).  Here is its gate:
the target, the encoding and the quick check, which return most files as
they are; the full path (:mod:`.rewriting`) loads with the lexer and the
rest of the engine on the first file that needs it, so that a run (a
build, a cold import) with nothing to rewrite never pays for them.
"""

import sys
from typing import TYPE_CHECKING, List, Optional, Tuple, TypeVar

from .errors import TranspileError
from .prefilter_comprehension_unpacking import may_unpack_in_comprehension
from .prefilter_constructs import may_use_newer_grammar
from .prefilter_lazy_imports import may_import_lazily
from .prefilter_rewrites import may_need_rewriting
from .runtime_name import RUNTIME
from .source import DecodedSource, decode_source, encode_source, needs_no_decoding
from .targets import NEWEST_GRAMMAR, OLDEST, TSTRINGS, Target, parse_target

if TYPE_CHECKING:
    from .rules import Rule

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
    """Rewrite the 3.12 f-strings, 3.14 t-strings and other newer syntax of ``source`` for ``target``.

    ``str`` in, ``str`` out; ``bytes`` are decoded by their coding cookie or
    BOM and the result is encoded the same way.  An f-string that Python 3.12
    rejects raises :class:`TranspileError`; so does any other error the lexer
    meets in a file that has f-strings to rewrite.  A file whose f-strings
    all need no rewrite is returned as it is without being lexed
    (:mod:`prefilter_rewrites`), errors outside f-strings and all; so is one whose
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

    ``except A, B:`` (PEP 758) becomes ``except (A, B):``; ``type X =
    value`` (PEP 695, before 3.12) ``X = type_alias('X', lambda: value)``,
    ``type_alias`` coming from ``runtime`` as ``build`` does (the builtin
    spelling aside: then it is named inline from this package); a lazy
    import (PEP 810, before 3.15) a plain one named in ``__lazy_modules__``;
    ``with (a as b, c):`` (3.9, for 3.8) ``with a as b, c:``, ``for x in
    *a, *b:`` (3.9, for 3.8) ``for x in (*a, *b):``, and ``{y := 1}``
    (3.9) and ``a[i := 0]`` (3.10) ``{(y := 1)}`` and ``a[(i := 0)]``.  With
    ``future_annotations`` a module with annotations that lacks ``from
    __future__ import annotations`` gets it (3.14 evaluates annotations
    lazily; older Pythons need PEP 563 to run code written for that).
    """
    version = parse_target(target)
    _refuse_null_bytes(source, filename)
    if not isinstance(inline_constants, bool):
        raise TypeError(f"inline_constants must be True or False, not {inline_constants!r}")
    if not isinstance(future_annotations, bool):
        raise TypeError(f"future_annotations must be True or False, not {future_annotations!r}")
    if version >= TSTRINGS:
        future_annotations = False  # 3.14 evaluates annotations lazily itself
    if isinstance(source, bytes):
        if future_annotations:
            decoded: Optional[DecodedSource] = decode_source(source, filename)
        else:
            decoded = _decoded_unless_plain(source, filename, version)
        if decoded is None:
            return source
        text, encoding = decoded
    elif future_annotations or _may_need_rewriting(source, version):
        text, encoding = source, "utf-8"
    else:
        return source  # the common case: no lexing at all (see prefilter_rewrites)
    result = _rewritten(text, filename, encoding, version, inline_constants, runtime, future_annotations)
    if isinstance(source, bytes):
        return source if result is text else encode_source(result, encoding)
    return result


def _rewritten(
    text: str,
    filename: str,
    encoding: str,
    version: Tuple[int, int],
    inline_constants: bool,
    runtime: str,
    future_annotations: bool,
) -> str:
    """The full path (:mod:`.rewriting`), loaded on first use; with
    ``future_annotations`` every module is read for its annotations."""
    from .rewriting import rewrite

    return rewrite(
        text,
        filename,
        encoding,
        version=version,
        inline_constants=inline_constants,
        runtime=runtime,
        future_annotations=future_annotations,
    )


def _may_need_rewriting(source: "str | bytes", version: Tuple[int, int]) -> bool:
    """The quick check for ``version``: False says the full path would
    change nothing.  3.14 reads all but lazy imports and unpacking in
    comprehensions; 3.15 all."""
    if version < TSTRINGS:
        return may_need_rewriting(source, version)
    return version < NEWEST_GRAMMAR and (may_import_lazily(source) or may_unpack_in_comprehension(source))


def _decoded_unless_plain(source: bytes, filename: str, version: Tuple[int, int]) -> Optional[DecodedSource]:
    """The decoded source, or None if the quick check says the full path
    would change nothing for ``version``.

    ASCII with no coding cookie (most files) is checked without decoding;
    another file is decoded first, so that a bad encoding is an error.
    """
    if needs_no_decoding(source):
        return DecodedSource(source.decode("ascii"), "utf-8") if _may_need_rewriting(source, version) else None
    decoded = decode_source(source, filename)
    return decoded if _may_need_rewriting(decoded.text, version) else None


def find_problems(
    source: AnySource, target: Target = OLDEST, filename: str = "<unknown>"
) -> "List[Tuple[int, int, Rule]]":
    """Where ``target`` would reject or misread the source: (line, column, rule).

    Columns are 1-based; every problem is reported, like ruff's syntax
    errors: the f-strings and t-strings :func:`transpile` rewrites,
    ``except A, B:``, and the newer grammar it leaves as it is
    (:func:`find_unlowered`).  Bad input raises TranspileError where
    transpile would.
    """
    version = parse_target(target)
    _refuse_null_bytes(source, filename)
    newer = may_use_newer_grammar(_as_bytes(source), version)
    if isinstance(source, bytes):
        decoded = _decoded_unless_plain(source, filename, version)
        rewrites = decoded is not None
        if decoded is None:
            if not newer:
                return []
            decoded = decode_source(source, filename)
        text = decoded.text
    else:
        rewrites = _may_need_rewriting(source, version)
        if not (rewrites or newer):
            return []
        text = source
    from .rewriting import problems_in

    return problems_in(text, version, filename, rewrites=rewrites, constructs=newer)


def find_unlowered(
    source: AnySource, target: Target = OLDEST, filename: str = "<unknown>"
) -> "List[Tuple[int, int, Rule]]":
    """The constructs of newer grammar that ``target`` rejects and
    :func:`transpile` leaves as they are (a ``match`` statement for 3.9,
    type parameters for 3.11...): (line, column from 1, rule), in the order
    of the text.  Output that holds one does not run on ``target``.

    Most sources are answered from their bytes, without lexing
    (:mod:`.prefilter_constructs`).
    """
    version = parse_target(target)
    if not may_use_newer_grammar(_as_bytes(source), version):
        return []
    text = decode_source(source, filename).text if isinstance(source, bytes) else source
    from .rewriting import unlowered_in

    return unlowered_in(text, version, filename)


def name_newer_grammar(
    error: SyntaxError, source: "str | bytes", host: Optional[Tuple[int, int]] = None
) -> SyntaxError:
    """``error``, which compiling ``source`` raised on Python ``host`` (the
    running one), naming the newer construct it met, if one of those that
    :func:`transpile` leaves spans its line: ``invalid syntax`` becomes
    ``invalid syntax: FB407 match statement needs Python 3.10 (this is 3.8,
    and fstring-backport does not lower it)``.  The same class, file, line
    and column; ``error`` itself where no construct explains it."""
    if host is None:
        host = sys.version_info[:2]
    lineno = error.lineno
    if lineno is None or not may_use_newer_grammar(_as_bytes(source), host):
        return error
    from .constructs import constructs
    from .lexer import lex

    try:
        text = decode_source(source, "<source>").text if isinstance(source, bytes) else source
        parsed = lex(text)
    except TranspileError:
        return error
    for found in constructs(parsed):
        first, last = parsed.position(found.start)[0], parsed.position(max(found.start, found.end - 1))[0]
        if found.rule.lowered_since is None and found.rule.needs > host and first <= lineno <= last:
            rule = found.rule
            named = type(error)(
                "{}: {} {} needs Python {}.{} (this is {}.{}, and fstring-backport does not lower it)".format(
                    error.msg, rule.code, rule.message, *rule.needs, *host
                ),
                (error.filename, lineno, error.offset, error.text),
            )
            named.end_lineno = getattr(error, "end_lineno", None)
            named.end_offset = getattr(error, "end_offset", None)
            return named
    return error


def _refuse_null_bytes(source: "str | bytes", filename: str) -> None:
    """Every Python refuses a NUL in source, where the quick path would
    pass it through: CPython 3.12+'s error, at the NUL."""
    if isinstance(source, bytes):
        if b"\0" not in source:
            return
        text = decode_source(source, filename).text
    elif "\0" not in source:
        return
    else:
        text = source
    nul = text.index("\0")
    line_start = text.rfind("\n", 0, nul) + 1
    raise TranspileError(
        "source code cannot contain null bytes", filename, text.count("\n", 0, nul) + 1, nul - line_start + 1
    )


def _as_bytes(source: "str | bytes") -> bytes:
    return source if isinstance(source, bytes) else source.encode("utf-8", "surrogatepass")


__all__ = [
    "transpile",
    "find_problems",
    "find_unlowered",
    "name_newer_grammar",
    "parse_target",
    "RUNTIME",
    "TranspileError",
]
