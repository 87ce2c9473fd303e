"""``transpile``: the one place that turns 3.12 f-strings into older syntax.

The CLI, the import hook and the build integrations all call this function
and add only what is theirs (files, caching, packaging).
"""

from typing import Tuple, TypeVar, Union

from .errors import TranspileError
from .fstrings import parse_fstrings
from .lexer import tokenize
from .source import decode_source, encode_source

AnySource = TypeVar("AnySource", str, bytes)
Target = Union[str, Tuple[int, int]]

NATIVE = (3, 12)  # PEP 701 f-strings need no rewriting from here on
OLDEST = (3, 8)


def parse_target(target: Target) -> Tuple[int, int]:
    """Accept ``(3, 8)``, ``"3.8"`` or ``"py38"``; reject anything before 3.8."""
    if isinstance(target, str):
        text = target.strip().lower()
        if text.startswith("py") and text[2:].isdigit() and len(text) > 3:
            text = text[2] + "." + text[3:]
        major, _, minor = text.partition(".")
        if not (major.isdigit() and minor.isdigit()):
            raise ValueError("invalid target {!r}: expected a version such as '3.8'".format(target))
        version = (int(major), int(minor))
    else:
        version = (int(target[0]), int(target[1]))
    if version[0] != 3 or version < OLDEST:
        raise ValueError(
            "unsupported target {}.{}: fstring-backport targets Python 3.8 and later".format(
                *version
            )
        )
    return version


def transpile(source: AnySource, target: Target = OLDEST, filename: str = "<unknown>") -> AnySource:
    """Rewrite the 3.12-only f-strings of ``source`` for ``target``.

    ``str`` in, ``str`` out; ``bytes`` are decoded by their coding cookie or
    BOM and the result is encoded the same way.  Input that Python 3.12
    rejects raises :class:`TranspileError`.
    """
    version = parse_target(target)
    if isinstance(source, bytes):
        decoded = decode_source(source, filename)
        result = _transpile_text(decoded.text, version, filename)
        if result is decoded.text:
            return source
        return encode_source(result, decoded.encoding)
    return _transpile_text(source, version, filename)


def _transpile_text(text: str, version: Tuple[int, int], filename: str) -> str:
    if version >= NATIVE:
        return text
    tokens = tokenize(text, filename)
    parse_fstrings(tokens, text, filename)
    return text


__all__ = ["transpile", "parse_target", "TranspileError"]
