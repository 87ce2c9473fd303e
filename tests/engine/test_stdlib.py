"""The lexer on real code: the standard libraries of Python 3.12 to 3.15.

Round trip on every Python; agreement with CPython's own tokenize on 3.12+,
and with 3.14's and 3.15's tokenize on their standard libraries.
"""

import sys
from pathlib import Path

import pytest

from fstring_backport import TranspileError
from fstring_backport.engine.lexer import tokenize
from fstring_backport.engine.source import decode_source

from support.cpython_tokens import agreement
from support.pythons import compiles_with, stdlib_files

pytestmark = pytest.mark.slow  # reads whole standard libraries

STDLIBS = ["3.12", "3.13"]
NEWEST = ["3.14", "3.15"]


def read_module(path: Path) -> str:
    return decode_source(path.read_bytes(), str(path)).text


# The lexer is the same pure Python everywhere; the round trip runs on the
# oldest interpreter and on 3.13, where a difference would show first, each
# reading two of the standard libraries.
ROUND_TRIPS = {(3, 8): STDLIBS, (3, 13): NEWEST}


@pytest.mark.parametrize("version", STDLIBS + NEWEST)
def test_round_trip_is_lossless(version):
    if version not in ROUND_TRIPS.get(sys.version_info[:2], ()):
        pytest.skip("3.8 reads the 3.12 and 3.13 standard libraries, 3.13 the 3.14 and 3.15 ones")
    rejected = []
    for path in existing(stdlib_files(version)):
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
    assert accepted == [], f"rejected files that python{version} compiles"
    assert len(rejected) < 30, rejected  # bad-syntax test fixtures only


# Against the newest tokenize, the oracle's: each standard library once in
# a matrix run.
@pytest.mark.skipif(sys.version_info[:2] != (3, 15), reason="runs on 3.15, the oracle")
@pytest.mark.parametrize("version", STDLIBS)
def test_tokens_agree_with_cpython(version):
    result = agreement([str(p) for p in existing(stdlib_files(version))])
    assert result["differences"] == []
    assert result["checked"] > 1500


# T-strings (3.14) and 3.15's rules: each of these standard libraries
# against its own interpreter's tokenize, in the run of that interpreter.
@pytest.mark.parametrize("version", NEWEST)
def test_tokens_agree_with_the_newest_cpython(version):
    if "{}.{}".format(*sys.version_info) != version:
        pytest.skip(f"python{version} runs it itself")
    result = agreement([str(p) for p in existing(stdlib_files(version))])
    assert result["python"] == version
    assert result["differences"] == []
    assert result["checked"] > 1600, result["checked"]


def existing(paths):
    """Without dangling links (Debian's 3.14 and 3.15 link sitecustomize.py to /etc)."""
    return [p for p in paths if p.is_file()]
