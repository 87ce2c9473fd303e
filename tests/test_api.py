"""The public API: transpile() on str and bytes, targets, encodings."""

import codecs
import re
import subprocess
import sys

import pytest

import fstring_backport
from fstring_backport import TranspileError, transpile
from fstring_backport.engine.pipeline import parse_target

from support.pythons import originals_and_pinned

NEEDS_NO_CHANGE = "x = f'{a!r:>8}{b:>{w}}' + \"{b}\"\n"


def test_public_names_are_the_engines_loaded_on_first_use(child_env):
    # The package's __getattr__ hands them out: ``import fstring_backport``
    # alone (the import hook) must not load the engine.
    script = (
        "import sys, fstring_backport as f\n"
        "loaded = lambda: 'fstring_backport.engine.pipeline' in sys.modules\n"
        "before = loaded()\n"
        "from fstring_backport.engine import errors, pipeline\n"
        "from fstring_backport.integrations import compile\n"
        "print(before, loaded(), f.transpile is pipeline.transpile, f.TranspileError is errors.TranspileError,"
        " f.compile is compile.compile, sorted(f.__all__) == sorted(n for n in f.__all__ if hasattr(f, n)))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, env=child_env())
    assert done.stdout == "False True True True True True\n"
    assert issubclass(TranspileError, SyntaxError)
    assert re.fullmatch(r"\d+\.\d+\.\d+", fstring_backport.__version__)
    with pytest.raises(AttributeError, match="has no attribute 'transpiler'"):
        fstring_backport.transpiler  # noqa: B018


@pytest.mark.parametrize(
    "target, expected",
    [((3, 8), (3, 8)), ("3.8", (3, 8)), ("py38", (3, 8)), ("PY311", (3, 11)), ("3.13", (3, 13)), ([3, 10], (3, 10))],
)
def test_target_forms(target, expected):
    assert parse_target(target) == expected


@pytest.mark.parametrize("target", ["2.7", "3.7", "(3, 8)", "three", "py3", (2, 7)])
def test_bad_targets_are_value_errors(target):
    with pytest.raises(ValueError):
        parse_target(target)


def test_source_that_needs_no_change_runs_on_38_as_on_315():
    program = NEEDS_NO_CHANGE + "print(x)\n"
    [(expected, got)] = originals_and_pinned([("3.8", "a, b, w = 'A', 7, 4\n", program, program)])
    assert expected == ("     'A'   7{b}\n", None)
    assert got == expected


def test_source_that_needs_no_change_is_returned_as_is():
    assert transpile(NEEDS_NO_CHANGE) == NEEDS_NO_CHANGE
    data = NEEDS_NO_CHANGE.encode()
    assert transpile(data) == data
    assert transpile(data, "3.12") == data


@pytest.mark.parametrize("eol", ["\n", "\r\n", "\r"])
def test_bytes_keep_line_endings(eol):
    data = ("# comment" + eol + NEEDS_NO_CHANGE.replace("\n", eol)).encode()
    assert transpile(data) == data


def test_coding_cookie_decides_the_encoding():
    text = "# -*- coding: latin-1 -*-\nname = 'Müller'\nprint(f'{name}')\n"
    data = text.encode("latin-1")
    assert transpile(data) == data
    assert isinstance(transpile(data), bytes)


def test_utf8_bom_is_kept():
    data = codecs.BOM_UTF8 + b"x = f'{1}'\n"
    assert transpile(data) == data


def test_str_with_bom_round_trips():
    text = "\ufeffx = f'{1}'\n"
    assert transpile(text) == text


def test_bad_cookie_is_a_transpile_error():
    with pytest.raises(TranspileError):
        transpile(b"# coding: no-such-codec\nx = 1\n", filename="m.py")


def test_errors_carry_the_filename():
    with pytest.raises(TranspileError) as info:
        transpile("f'{'", filename="pkg/mod.py")
    assert info.value.filename == "pkg/mod.py"
    assert info.value.located().startswith("pkg/mod.py:1:")


REWRITTEN = 'x = f"{d["k"]}"\n'


@pytest.mark.parametrize("eol", ["\n", "\r\n"])
def test_ascii_bytes_come_back_as_their_text_does(eol):
    # ASCII with no cookie is checked without decoding; the result is the same.
    text = "# comment" + eol + REWRITTEN.replace("\n", eol)
    assert transpile(text.encode()) == transpile(text).encode()
    assert transpile(text.encode()) != text.encode()


def test_a_cookie_on_the_second_line_is_obeyed():
    data = b"#!/usr/bin/env python\n# coding: no-such-codec\nx = 1\n"
    with pytest.raises(TranspileError):
        transpile(data)


# (bytes, whether they can be read without decoding)
SAMPLES = [
    (b"", True),
    (b"x = 1\n", True),
    (b"x = 1\n\n# coding: no-such-codec\n", True),  # third line: no cookie
    (b"# coding: latin-1\nx = 1\n", False),
    (b"\n# -*- coding: ascii -*-\n", False),
    (b"# coding: no-such-codec", False),
    (b"x = 1\r# coding: no-such-codec\r", False),  # no "\n": one line to Python
    ("x = 'é'\n".encode(), False),
    (b"x = '\xe9'\n", False),
    (codecs.BOM_UTF8 + b"x = 1\n", False),
]


@pytest.mark.parametrize("data, plain", SAMPLES)
def test_bytes_are_read_without_decoding_only_where_python_reads_ascii(data, plain):
    import io
    import tokenize

    from fstring_backport.engine.source import needs_no_decoding

    assert needs_no_decoding(data) is plain
    if plain:
        assert tokenize.detect_encoding(io.BytesIO(data).readline)[0] == "utf-8"
        assert data.decode("utf-8") == data.decode("latin-1")


def test_problems_are_found_alike_in_text_and_bytes():
    from fstring_backport.engine.pipeline import find_problems

    text = "x = 1\n" + REWRITTEN
    found = find_problems(text)
    assert [(line, col) for line, col, _ in found] == [(2, 10)]  # the reused quote
    assert find_problems(text.encode()) == found  # ASCII: checked undecoded
    latin = "# coding: latin-1\nname = 'Müller'\n" + REWRITTEN
    assert find_problems(latin.encode("latin-1")) == find_problems(latin) != []
    assert find_problems(NEEDS_NO_CHANGE.encode()) == []
    with pytest.raises(TranspileError):
        find_problems(b"# coding: no-such-codec\n" + REWRITTEN.encode())
