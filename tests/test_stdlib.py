"""The lexer on real code: the standard libraries of Python 3.12 and 3.13.

Round trip on every Python; agreement with CPython's own tokenize on 3.12+.
"""

import sys
import warnings
from pathlib import Path

import pytest

from conftest import compiles_with, stdlib_files
from cpython_tokens import describe_difference, ours, theirs
from fstring_backport import TranspileError
from fstring_backport.lexer import tokenize
from fstring_backport.source import decode_source

STDLIBS = ["3.12", "3.13"]


def read_module(path: Path) -> str:
    return decode_source(path.read_bytes(), str(path)).text


# The lexer is the same pure Python everywhere; the round trip runs on the
# oldest and the newest interpreter, where a difference would show first.
@pytest.mark.skipif(
    sys.version_info[:2] not in ((3, 8), (3, 13)), reason="runs on 3.8 and 3.13"
)
@pytest.mark.parametrize("version", STDLIBS)
def test_round_trip_is_lossless(version):
    rejected = []
    for path in stdlib_files(version):
        try:
            text = read_module(path)
            tokens = tokenize(text, str(path))
        except TranspileError:
            rejected.append(path)
            continue
        joined = "".join(t.text for t in tokens)
        assert joined == text, path
        offsets = [t.offset for t in tokens]
        assert offsets == sorted(offsets), path
    # Whatever we reject, that version of Python must reject too.
    accepted = [p for p, ok in compiles_with(version, rejected).items() if ok]
    assert accepted == [], "rejected files that python{} compiles".format(version)
    assert len(rejected) < 30, rejected  # bad-syntax test fixtures only


@pytest.mark.skipif(sys.version_info < (3, 12), reason="needs CPython's PEP 701 tokenize")
@pytest.mark.parametrize("version", STDLIBS)
def test_tokens_agree_with_cpython(version):
    from tokenize import TokenError

    checked = 0
    differences = []
    for path in stdlib_files(version):
        try:
            text = read_module(path)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                expected = theirs(text)
        except (SyntaxError, TokenError):
            continue  # not valid for this tokenizer (bad-syntax fixtures)
        try:
            difference = describe_difference(ours(text), expected)
        except TranspileError as exc:
            difference = exc.located()
        if difference and _compiles(text, path):
            # Only valid Python counts: CPython's tokenize also passes some
            # text its compiler rejects (Python 2 backticks, say).
            differences.append("{}: {}".format(path, difference))
        checked += 1
    assert differences == []
    assert checked > 1500


def _compiles(text, path):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compile(text, str(path), "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return False
    return True
