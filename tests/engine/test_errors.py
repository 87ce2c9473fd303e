"""Input that Python 3.15 rejects: same message, same line and column.

The expected values are what CPython 3.15 reports (``compile()``); every
case is also checked against a running python3.15, on every Python.
"""

import subprocess
import sys
import warnings

import pytest

from fstring_backport import TranspileError, transpile
from fstring_backport.engine.lexer import tokenize
from fstring_backport.engine.rewriting import rewrite

from support.pythons import oracle, syntax_errors

CASES = [
    ('f"{x"', "f-string: expecting '}'", 1, 5),
    ('f"{x!z}"', "f-string: invalid conversion character 'z': expected 's', 'r', or 'a'", 1, 6),
    ('f"{x!rx}"', "f-string: invalid conversion character 'rx': expected 's', 'r', or 'a'", 1, 6),
    ('f"{f"{f"{x!z}"}"}"', "f-string: invalid conversion character 'z': expected 's', 'r', or 'a'", 1, 12),
    ('f"{x:{y!z}}"', "f-string: invalid conversion character 'z': expected 's', 'r', or 'a'", 1, 9),
    ('f"{}"', "f-string: valid expression required before '}'", 1, 4),
    ('f"{ }"', "f-string: valid expression required before '}'", 1, 5),
    ('f"{!r}"', "f-string: valid expression required before '!'", 1, 4),
    ('f"{ !r}"', "f-string: valid expression required before '!'", 1, 5),
    ('f"{:x}"', "f-string: valid expression required before ':'", 1, 4),
    ('f"{=}"', "f-string: valid expression required before '='", 1, 4),
    ('f"{x:{}}"', "f-string: valid expression required before '}'", 1, 7),
    ('f"abc', "unterminated f-string literal (detected at line 1)", 1, 1),
    ('x = 1\nf"""abc\ndef', "unterminated triple-quoted f-string literal (detected at line 3)", 2, 1),
    ("f'''{x:abc", "unterminated triple-quoted f-string literal (detected at line 1)", 1, 1),
    ('f"{x}', "unterminated f-string literal (detected at line 1)", 1, 1),
    ('"abc', "unterminated string literal (detected at line 1)", 1, 1),
    ("'''abc", "unterminated triple-quoted string literal (detected at line 1)", 1, 1),
    ("x = '''abc'", "unterminated triple-quoted string literal (detected at line 1)", 1, 5),
    ("'a' f'{b:{c}}' 'd\n", "unterminated string literal (detected at line 1)", 1, 16),
    ('f"{x}" "a', "unterminated string literal (detected at line 1)", 1, 8),
    ('f"{lambda x: 1}"', "f-string: lambda expressions are not allowed without parentheses", 1, 4),
    ("f'{x:{y:{z:{w}}}}'", "f-string: expressions nested too deeply", 1, 11),
    ("f\"{f'{x:{y:{z:{w}}}}'}\"", "f-string: expressions nested too deeply", 1, 14),
    ('f"{x!}"', "f-string: missing conversion character", 1, 6),
    ('f"{x!:>3}"', "f-string: missing conversion character", 1, 6),
    ('f"{x:{y!}}"', "f-string: missing conversion character", 1, 9),
    ('f"{x!\n}"', "f-string: missing conversion character", 2, 1),
    ('f"{ x ! r}"', "f-string: conversion type must come right after the exclamation mark", 1, 7),
    ('f"{x!r x}"', "f-string: expecting ':' or '}'", 1, 8),
    ('f"{x!r=}"', "f-string: expecting ':' or '}'", 1, 7),
    ('f"{x!r!s}"', "f-string: expecting ':' or '}'", 1, 7),
    ('f"{x=y}"', "f-string: expecting '!', or ':', or '}'", 1, 6),
    ('f"a}"', "f-string: single '}' is not allowed", 1, 4),
    ('f"{x}}"', "f-string: single '}' is not allowed", 1, 6),
    ('f"{{x}"', "f-string: single '}' is not allowed", 1, 6),
    ('f"{x:a\nb}"', "f-string: newlines are not allowed in format specifiers for single quoted f-strings", 1, 7),
    ('f"{x:\ny}"', "f-string: newlines are not allowed in format specifiers for single quoted f-strings", 1, 6),
    ('f"{x:"', "f-string: expecting '}', or format specs", 1, 6),
    ('f"{x!r:{y}"', "f-string: expecting '}', or format specs", 1, 11),
    ('f"{x:{y"', "f-string: expecting '}'", 1, 8),
    ('f"{x=!r}" f"{"', "f-string: expecting '}'", 1, 14),
    ('f"{x:abc', "f-string: newlines are not allowed in format specifiers for single quoted f-strings", 1, 9),
    ('f"{x', "'{' was never closed", 1, 3),
    ("f'''abc{x", "'{' was never closed", 1, 8),
    ('f"{x:\n', "f-string: newlines are not allowed in format specifiers for single quoted f-strings", 1, 6),
    ('f"{x)}"', "f-string: unmatched ')'", 1, 5),
    ('f"{(x}"', "closing parenthesis '}' does not match opening parenthesis '('", 1, 6),
    ("(1, 2]", "closing parenthesis ']' does not match opening parenthesis '('", 1, 6),
    ("x = )", "unmatched ')'", 1, 5),
    ("foo(\n", "'(' was never closed", 1, 4),
    ("if x:\n    y\n  z", "unindent does not match any outer indentation level", 3, 4),
    ('if x:\n    y\n  zz = f"{d["k"]}" # c\n', "unindent does not match any outer indentation level", 3, 23),
    ("if x:\n\t  y\n        z", "unindent does not match any outer indentation level", 3, 10),
    ("x = 1 € 2", "invalid character '€' (U+20AC)", 1, 7),
    ("x = 2f'{a}'", "invalid decimal literal", 1, 5),
    ("x = 12abc", "invalid decimal literal", 1, 6),
    ("x = 1andy", "invalid decimal literal", 1, 5),
    ("x = 1_000f''", "invalid decimal literal", 1, 9),
    ("x = 1_", "invalid decimal literal", 1, 6),
    ("x = 1.5jf''", "invalid imaginary literal", 1, 8),
    ("x = 0x1g", "invalid hexadecimal literal", 1, 7),
    ("x = 0X", "invalid hexadecimal literal", 1, 6),
    ("x = 0x_", "invalid hexadecimal literal", 1, 7),
    ("x = 0b1f'a'", "invalid binary literal", 1, 7),
    ("x = 0b12", "invalid digit '2' in binary literal", 1, 8),
    ("x = 0o8", "invalid digit '8' in octal literal", 1, 7),
    (
        "x = 007",
        "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers",
        1,
        5,
    ),
    ("x = a\u00a0", "invalid non-printable character U+00A0", 1, 6),
    # Two errors: CPython's tokenizer reads the whole file before its parser
    # reports, but keeps the parser's error over one inside an f-string or a
    # bracket never closed on the parser's line or after.
    ('a = f"{x!}"\nb = f"{"\n', "f-string: missing conversion character", 1, 10),
    ('a = f"{x!}"\nb = "\n', "unterminated string literal (detected at line 2)", 2, 5),
    ('x = f"a" t"b"\ny = f"{\n', "cannot mix t-string literals with string or bytes literals", 1, 5),
    ('a = f"{x!r=}"\n\n(\n', "f-string: expecting ':' or '}'", 1, 11),
    ('a = f"""{\nx!}"""\n"\n', "unterminated string literal (detected at line 3)", 3, 1),
    ('a = f"{x!}" + (\n1,\n"\n', "unterminated string literal (detected at line 3)", 3, 1),
    ('a = f"{x!}" + f"{\n', "f-string: missing conversion character", 1, 10),
    ('a = (f"{x!}"\n', "f-string: missing conversion character", 1, 11),
    ('a = (\nf"{x!}"\n', "'(' was never closed", 1, 5),
    ('a = (1,\nf"{x!}" + f"{"\n', "f-string: missing conversion character", 2, 6),
    # The quote in a spec ends the f-string for CPython's tokenizer, which
    # goes on: an error it meets outside f-strings comes before the parser's.
    ('x = f"{a:{b:"}}"\n', "unterminated string literal (detected at line 1)", 1, 16),
    ('x = f"{a:"\nz = "\n', "unterminated string literal (detected at line 2)", 2, 5),
    ('x = f"""{a:\n"""\ny = "\n', "unterminated string literal (detected at line 3)", 3, 5),
    ('x = f"{a:{b:"}}\ny = )\n', "unmatched ')'", 2, 5),
    ('x = f"{a:{b:"}}\n  y = 1\n', "f-string: expecting '}', or format specs", 1, 13),
    ('x = f"{a:"\ny = f"{\n', "f-string: expecting '}', or format specs", 1, 10),
    # A field left open at the end (its quote in a comment): CPython's
    # parser reads on into the next lines, and its error there comes first.
    ("x = f'{#}'\ny = f'{a}'\n", "f-string: expecting '!', or ':', or '}'", 2, 5),
    ("x = f'{#}'\ny + f'{a!}'\n", "f-string: missing conversion character", 2, 10),
    ("x = f'{(#}'\ny + f'{a!x}'\n", "f-string: invalid conversion character 'x': expected 's', 'r', or 'a'", 2, 10),
    ("x = f'{#}'\ny + 1\n", "'{' was never closed", 1, 7),
]


# Errors outside every f-string, in files whose f-strings need no rewrite:
# transpile returns such a file unchanged without lexing it (README, Limits),
# and Python reports the error when it compiles the file.  So with unterminated
# strings, and with an unterminated f-string with no brace on its line
# (the quick check cannot tell one from "f'" inside a string, as in '%f').
OUTSIDE_FSTRINGS = {
    'f"abc',
    '"abc',
    "'''abc",
    "x = '''abc'",
    "'a' f'{b:{c}}' 'd\n",
    'f"{x}" "a',
    "(1, 2]",
    "x = )",
    "foo(\n",
    "if x:\n    y\n  z",
    "if x:\n\t  y\n        z",
    "x = 1 € 2",
    "x = a\u00a0",
    "x = 2f'{a}'",  # a number, then a name: that "f" is no prefix
    "x = 12abc",
    "x = 1andy",
    "x = 1_000f''",
    "x = 1_",
    "x = 1.5jf''",
    "x = 0x1g",
    "x = 0X",
    "x = 0x_",
    "x = 0b1f'a'",
    "x = 0b12",
    "x = 0o8",
    "x = 007",
}


def test_outside_fstrings_names_cases():
    assert OUTSIDE_FSTRINGS <= {case[0] for case in CASES}


@pytest.mark.parametrize("src, msg, line, col", CASES)
def test_rejected_like_python_312(src, msg, line, col):
    with pytest.raises(TranspileError) as info:
        rewrite(src, filename="mod.py")  # the full path: what transpile reports
    error = info.value
    assert isinstance(error, SyntaxError)
    assert (error.msg, error.lineno, error.offset) == (msg, line, col)
    assert error.filename == "mod.py"
    assert error.located() == f"mod.py:{line}:{col}: {msg}"


@pytest.mark.parametrize("src, msg, line, col", CASES)
def test_transpile_reports_errors_in_fstrings(src, msg, line, col):
    if src in OUTSIDE_FSTRINGS:
        assert transpile(src, filename="mod.py") is src
        return
    with pytest.raises(TranspileError) as info:
        transpile(src, filename="mod.py")
    assert (info.value.msg, info.value.lineno, info.value.offset) == (msg, line, col)


def test_an_error_outside_fstrings_is_reported_when_an_fstring_needs_a_rewrite():
    with pytest.raises(TranspileError) as info:
        transpile('f"{d["k"]}"\nx = )\n', filename="mod.py")
    assert (info.value.msg, info.value.lineno, info.value.offset) == ("unmatched ')'", 2, 5)


@pytest.fixture(scope="module")
def oracle_errors():
    """What python3.15 says of each case, from one process."""
    sources = [case[0] for case in CASES]
    return {src: error and error[:3] for src, error in zip(sources, syntax_errors(oracle(), sources))}


@pytest.mark.parametrize("src, msg, line, col", CASES)
def test_cases_match_python_315(src, msg, line, col, oracle_errors):
    assert oracle_errors[src] == [msg, line, col]


def test_indentation_errors_are_indentation_errors():
    with pytest.raises(IndentationError):
        tokenize("if x:\n    y\n  z\n")
    with pytest.raises(TabError):
        tokenize("if x:\n        y\n\tz\n")


# Source bytes and what CPython says of them: compile() and the import
# system read a module's bytes alike.  None: accepted (the cookie line
# itself need not be UTF-8).
NON_UTF8 = (
    "Non-UTF-8 code starting with '\\x{:02x}' on line {}, but no encoding declared; "
    "see https://peps.python.org/pep-0263/ for details"
)
ENCODINGS = [
    (b"x = 1\ny = '\xff'\n", NON_UTF8.format(0xFF, 2), 2, 6),
    (b'x = "caf\xe9"\n', NON_UTF8.format(0xE9, 1), 1, 9),
    (b'#!/usr/bin/env python\nx = "caf\xe9"\n', NON_UTF8.format(0xE9, 2), 2, 9),
    (b'\xef\xbb\xbfx = "caf\xe9"\n', NON_UTF8.format(0xE9, 1), 1, 9),
    (b'# coding: utf-8\nx = "caf\xe9"\n', NON_UTF8.format(0xE9, 2), 2, 9),
    (b"\xef\xbb\xbf# coding: latin-1\nx = 1\n", "encoding problem: iso-8859-1 with BOM", 1, None),
    (b"# coding: latin-1 \xe9\nx = 'caf\xe9'\n", None, None, None),
    (b"# vim: set fileencoding=latin_1 :\nx = '\xe9'\n", None, None, None),
    (b"\n# -*- coding: cp1252 -*-\nx = '\x80'\n", None, None, None),
    (b"x = 1\n# coding: latin-1\ny = '\xe9'\n", NON_UTF8.format(0xE9, 3), 3, 6),
]

@pytest.fixture(scope="module")
def oracle_encoding_errors():
    return syntax_errors(oracle(), [case[0] for case in ENCODINGS])


@pytest.mark.parametrize("index", range(len(ENCODINGS)))
def test_encodings_read_as_python_315_reads_them(index, oracle_encoding_errors):
    src, msg, line, col = ENCODINGS[index]
    expected = oracle_encoding_errors[index]
    assert (expected if expected is None else expected[:2]) == (None if msg is None else [msg, line])
    if msg is None:
        assert transpile(src, filename="mod.py") == src
        return
    with pytest.raises(TranspileError) as info:
        transpile(src, filename="mod.py")
    assert (info.value.msg, info.value.lineno) == (msg, line)
    if col is not None:  # where CPython gives one
        assert info.value.offset == col == expected[2]


# A keyword that may follow a number in valid code: Python 3.12 warns, and
# accepts it; so are other spellings of numbers like those above.
NUMBERS_ACCEPTED = [
    "x = 1if 1 else 2",
    "x = [1for y in z]",
    "x = 1 if 1else 2",
    "x = 5not in y",
    "x = 1in[1]",
    "x = 1 if 1or 2 else 3",
    "x = 0xf_f",
    "x = 0b_1",
    "x = 00",
    "x = 0_0",
    "x = 0_7j",
    "x = 07.5",
    "x = 0e5",
]


@pytest.mark.parametrize("src", NUMBERS_ACCEPTED)
def test_numbers_next_to_keywords_are_accepted(src):
    tokenize(src + "\n")
    if sys.version_info >= (3, 12):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SyntaxWarning)
            compile(src + "\n", "mod.py", "exec")


# A NUL anywhere, in code that needs no rewrite too: the quick path must not
# pass through what every Python refuses.
NULS = [b"x = 1\n\ny=2\x00\n", b"x = 1\x00\n", b"# coding: latin-1\n\n\n'\xe9 \x00'\n", b"s = f'{1}\x00'\n"]


@pytest.mark.parametrize("src", NULS)
def test_null_bytes_are_refused_as_python_315_refuses_a_script(src, tmp_path):
    script = tmp_path / "mod.py"
    script.write_bytes(src)
    ran = subprocess.run([oracle(), str(script)], capture_output=True, text=True, errors="replace")
    lines = ran.stderr.splitlines()
    line = src.count(b"\n", 0, src.index(b"\0")) + 1
    assert lines[0].endswith(f'mod.py", line {line}') and lines[-1] == (
        "SyntaxError: source code cannot contain null bytes"
    )
    text = src.decode("latin-1" if b"coding" in src else "utf-8")
    for source in (src, text):
        for target in ("3.8", "3.11", "3.13", "3.15"):
            with pytest.raises(TranspileError) as info:
                transpile(source, target, filename="mod.py")
            assert (info.value.msg, info.value.lineno, info.value.offset) == (
                "source code cannot contain null bytes",
                line,
                text.splitlines()[line - 1].index("\0") + 1,
            )
