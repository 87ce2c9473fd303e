"""Hand-written lexer cases: every prefix, quote, nesting and line-ending form.

Each case states the tokens we expect, written by hand from PEP 701; on
3.12+ each is also checked against CPython's own tokenize.
"""

import sys
import warnings
from pathlib import Path

import pytest

from cpython_tokens import first_difference
from fstring_backport import TranspileError
from fstring_backport.lexer import LineIndex, tokenize, tokenize_fstring
from fstring_backport.source import decode_source

PREFIXES = ["f", "F", "rf", "rF", "Rf", "RF", "fr", "fR", "Fr", "FR"]
PLAIN_PREFIXES = ["", "r", "R", "u", "U", "b", "B", "br", "bR", "Br", "BR", "rb", "rB", "Rb", "RB"]
QUOTES = ["'", '"', "'''", '"""']

on_312 = pytest.mark.skipif(sys.version_info < (3, 12), reason="needs CPython's PEP 701 tokenize")


def pairs(src):
    """(kind, text) of every token but the closing NEWLINE/ENDMARKER."""
    tokens = tokenize(src)
    assert "".join(t.text for t in tokens) == src
    return [(t.kind, t.text) for t in tokens if t.kind not in ("NEWLINE", "ENDMARKER")]


def agrees_with_cpython(src):
    if sys.version_info >= (3, 12):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            assert first_difference(src) is None


@pytest.mark.parametrize("prefix", PREFIXES)
@pytest.mark.parametrize("quote", QUOTES)
def test_every_fstring_prefix_and_quote(prefix, quote):
    src = "{p}{q}a{{{{b}}}}{{x!r:>{{w}}}}c{q}\n".format(p=prefix, q=quote)
    assert pairs(src) == [
        ("FSTRING_START", prefix + quote),
        ("FSTRING_MIDDLE", "a{{b}}"),
        ("OP", "{"),
        ("NAME", "x"),
        ("OP", "!"),
        ("NAME", "r"),
        ("OP", ":"),
        ("FSTRING_MIDDLE", ">"),
        ("OP", "{"),
        ("NAME", "w"),
        ("OP", "}"),
        ("OP", "}"),
        ("FSTRING_MIDDLE", "c"),
        ("FSTRING_END", quote),
    ]
    agrees_with_cpython(src)


@pytest.mark.parametrize("prefix", PLAIN_PREFIXES)
@pytest.mark.parametrize("quote", QUOTES)
def test_every_plain_string_prefix_and_quote(prefix, quote):
    body = "a\\{}b{{x}}".format(quote[0])
    src = "x = {p}{q}{b}{q}\n".format(p=prefix, q=quote, b=body)
    assert pairs(src) == [
        ("NAME", "x"),
        ("WHITESPACE", " "),
        ("OP", "="),
        ("WHITESPACE", " "),
        ("STRING", prefix + quote + body + quote),
    ]
    agrees_with_cpython(src)


def test_quote_reuse_at_any_depth():
    src = 'f"{f"{f"{f"{f"{x}"}"}"}"}"\n'
    expected = []
    for _ in range(5):
        expected += [("FSTRING_START", 'f"'), ("OP", "{")]
    expected.append(("NAME", "x"))
    for _ in range(5):
        expected += [("OP", "}"), ("FSTRING_END", '"')]
    assert pairs(src) == expected
    agrees_with_cpython(src)


def test_nested_string_with_the_same_quote():
    src = 'f"{d["k"]}"'
    assert pairs(src) == [
        ("FSTRING_START", 'f"'),
        ("OP", "{"),
        ("NAME", "d"),
        ("OP", "["),
        ("STRING", '"k"'),
        ("OP", "]"),
        ("OP", "}"),
        ("FSTRING_END", '"'),
    ]
    agrees_with_cpython(src)


def test_backslashes_in_a_field():
    src = "f'{\"\\n\".join(a)}{b'\\x00'}{r'\\d'}'\n"
    assert pairs(src) == [
        ("FSTRING_START", "f'"),
        ("OP", "{"),
        ("STRING", '"\\n"'),
        ("OP", "."),
        ("NAME", "join"),
        ("OP", "("),
        ("NAME", "a"),
        ("OP", ")"),
        ("OP", "}"),
        ("OP", "{"),
        ("STRING", "b'\\x00'"),
        ("OP", "}"),
        ("OP", "{"),
        ("STRING", "r'\\d'"),
        ("OP", "}"),
        ("FSTRING_END", "'"),
    ]
    agrees_with_cpython(src)


def test_named_escape_is_text_but_not_in_raw_fstrings():
    assert pairs('f"\\N{BULLET} {x}"') == [
        ("FSTRING_START", 'f"'),
        ("FSTRING_MIDDLE", "\\N{BULLET} "),
        ("OP", "{"),
        ("NAME", "x"),
        ("OP", "}"),
        ("FSTRING_END", '"'),
    ]
    assert pairs('rf"\\N{x}"') == [
        ("FSTRING_START", 'rf"'),
        ("FSTRING_MIDDLE", "\\N"),
        ("OP", "{"),
        ("NAME", "x"),
        ("OP", "}"),
        ("FSTRING_END", '"'),
    ]
    agrees_with_cpython('f"\\N{BULLET} {x}"')
    agrees_with_cpython('rf"\\N{x}"')


def test_comments_newlines_and_continuations_in_fields():
    src = "f'{x # a comment with ' and }\n + \\\n y}'\n"
    assert pairs(src) == [
        ("FSTRING_START", "f'"),
        ("OP", "{"),
        ("NAME", "x"),
        ("WHITESPACE", " "),
        ("COMMENT", "# a comment with ' and }"),
        ("NL", "\n"),
        ("WHITESPACE", " "),
        ("OP", "+"),
        ("WHITESPACE", " "),
        ("CONTINUATION", "\\\n"),
        ("WHITESPACE", " "),
        ("NAME", "y"),
        ("OP", "}"),
        ("FSTRING_END", "'"),
    ]
    agrees_with_cpython(src)


def test_format_specs_nested_two_deep_and_walrus_colon():
    src = "f'{x:{y:{z}>3}}{a:=5}{(b:=1)}'\n"
    assert pairs(src) == [
        ("FSTRING_START", "f'"),
        ("OP", "{"),
        ("NAME", "x"),
        ("OP", ":"),
        ("OP", "{"),
        ("NAME", "y"),
        ("OP", ":"),
        ("OP", "{"),
        ("NAME", "z"),
        ("OP", "}"),
        ("FSTRING_MIDDLE", ">3"),
        ("OP", "}"),
        ("OP", "}"),
        ("OP", "{"),
        ("NAME", "a"),
        ("OP", ":"),
        ("FSTRING_MIDDLE", "=5"),
        ("OP", "}"),
        ("OP", "{"),
        ("OP", "("),
        ("NAME", "b"),
        ("OP", ":="),
        ("NUMBER", "1"),
        ("OP", ")"),
        ("OP", "}"),
        ("FSTRING_END", "'"),
    ]
    agrees_with_cpython(src)


def test_debug_and_conversion_and_not_equal():
    src = 'f"{x = !r:^9}{a!=b}"'
    assert pairs(src) == [
        ("FSTRING_START", 'f"'),
        ("OP", "{"),
        ("NAME", "x"),
        ("WHITESPACE", " "),
        ("OP", "="),
        ("WHITESPACE", " "),
        ("OP", "!"),
        ("NAME", "r"),
        ("OP", ":"),
        ("FSTRING_MIDDLE", "^9"),
        ("OP", "}"),
        ("OP", "{"),
        ("NAME", "a"),
        ("OP", "!="),
        ("NAME", "b"),
        ("OP", "}"),
        ("FSTRING_END", '"'),
    ]
    agrees_with_cpython(src)


def test_triple_quoted_text_keeps_single_quotes_and_newlines():
    src = 'f"""a"b""\n{x}"""\n'
    assert pairs(src) == [
        ("FSTRING_START", 'f"""'),
        ("FSTRING_MIDDLE", 'a"b""\n'),
        ("OP", "{"),
        ("NAME", "x"),
        ("OP", "}"),
        ("FSTRING_END", '"""'),
    ]
    agrees_with_cpython(src)


@pytest.mark.parametrize("eol", ["\n", "\r\n", "\r"])
def test_line_endings(eol):
    src = "if x:{e}\ty = f'''a{e}{{z}}'''{e}else:{e}    pass{e}".format(e=eol)
    assert pairs(src) == [
        ("NAME", "if"),
        ("WHITESPACE", " "),
        ("NAME", "x"),
        ("OP", ":"),
        ("INDENT", "\t"),
        ("NAME", "y"),
        ("WHITESPACE", " "),
        ("OP", "="),
        ("WHITESPACE", " "),
        ("FSTRING_START", "f'''"),
        ("FSTRING_MIDDLE", "a" + eol),
        ("OP", "{"),
        ("NAME", "z"),
        ("OP", "}"),
        ("FSTRING_END", "'''"),
        ("DEDENT", ""),
        ("NAME", "else"),
        ("OP", ":"),
        ("INDENT", "    "),
        ("NAME", "pass"),
        ("DEDENT", ""),
    ]
    tokens = tokenize(src)
    newlines = [t.text for t in tokens if t.kind == "NEWLINE"]
    assert newlines == [eol] * 4
    lines = LineIndex(src)
    assert lines.position(tokens[-1].offset) == (6, 0)
    if eol != "\r":  # CPython's tokenize module reads lines split at \n only
        agrees_with_cpython(src)


def test_tabs_form_feeds_bom_and_non_ascii_names():
    src = "\ufeff\x0cdef ñame(ü):\n\treturn f'{ü!r}'\n"
    assert pairs(src) == [
        ("WHITESPACE", "\ufeff"),
        ("WHITESPACE", "\x0c"),
        ("NAME", "def"),
        ("WHITESPACE", " "),
        ("NAME", "ñame"),
        ("OP", "("),
        ("NAME", "ü"),
        ("OP", ")"),
        ("OP", ":"),
        ("INDENT", "\t"),
        ("NAME", "return"),
        ("WHITESPACE", " "),
        ("FSTRING_START", "f'"),
        ("OP", "{"),
        ("NAME", "ü"),
        ("OP", "!"),
        ("NAME", "r"),
        ("OP", "}"),
        ("FSTRING_END", "'"),
        ("DEDENT", ""),
    ]
    agrees_with_cpython(src[1:])


def test_names_with_combining_marks():
    src = "नमस्ते = 1\n"  # the virama and vowel signs are not \w
    assert pairs(src)[0] == ("NAME", "नमस्ते")
    agrees_with_cpython(src)


@pytest.mark.parametrize(
    "src",
    [
        "",
        "x",
        "# only a comment",
        "if x:\n    y",
        "if x:\n    y\n  # dedented comment\nz\n",
        "x = (1,\n     2)  # c\n",
        "x = 1 + \\\n    2\n",
        "\n\n   \n",
        "class A:\n    def f(self):\n        return 1\n\n\nprint(A)\n",
        "x = 1_000 + 0x_ff + 0o17 + 0b1 + 1.5e-3j + .5 + 1. + 3j\n",
        "a @= b; c //= d; e **= f; g >>= h; i <<= j; k -> l; ...\n",
        "async def f():\n    await x\n",
        'f"{x!r}" "plain" f\'{y}\'\n',
        "f'{x:{y!r:{z}}}'\n",
        "f'{ {1, 2} = }'\n",
        "f'''{\nx # c\n=}'''\n",
    ],
)
def test_forms_agree_with_cpython_and_round_trip(src):
    assert "".join(t.text for t in tokenize(src)) == src
    agrees_with_cpython(src)


def test_a_single_quoted_spec_may_end_in_a_line_break():
    # Valid in 3.12; 3.13 made it an error later (gh-129958), so only 3.12
    # serves as the oracle here.
    src = "f'{x:>3\n}' + f'{y!r:{w}\n  }'\n"
    assert "".join(t.text for t in tokenize(src)) == src
    assert [t.kind for t in tokenize(src)][4:8] == ["FSTRING_MIDDLE", "NL", "OP", "FSTRING_END"]
    if sys.version_info[:2] == (3, 12):
        agrees_with_cpython(src)


def _fstring_token_runs(tokens):
    """(prefix offset, tokens) of every outermost f-string in ``tokens``."""
    runs, depth = [], 0
    for token in tokens:
        if token.kind == "FSTRING_START":
            if depth == 0:
                runs.append((token.offset, []))
            depth += 1
        if depth:
            runs[-1][1].append(token)
        if token.kind == "FSTRING_END":
            depth -= 1
    return runs


ALONE_CASES = sorted((Path(__file__).parent / "differential" / "cases").glob("*.py"))


def test_an_fstring_lexed_alone_gets_the_tokens_it_gets_in_its_file():
    # The quick check's fallback lexes one f-string; it must see what the
    # full lexer sees, whatever stands around the f-string.
    seen = 0
    for case in ALONE_CASES:
        try:
            text = decode_source(case.read_bytes()).text
            tokens = tokenize(text)
        except TranspileError:
            continue
        for start, run in _fstring_token_runs(tokens):
            assert tokenize_fstring(text, start) == run, (case.name, start)
            seen += 1
    assert seen > 500


@pytest.mark.parametrize(
    "src, start, message",
    [
        ('x = f"{a\n', 4, "'{' was never closed"),
        ("x = f'abc\n", 4, "unterminated f-string literal (detected at line 1)"),
        ("x = 'abc'\n", 4, "no f-string starts here"),
        ("x = fr'{a:{b}}' + f'{\n", 4, None),
    ],
)
def test_an_fstring_lexed_alone_stops_at_its_end_or_raises(src, start, message):
    if message is None:
        tokens = tokenize_fstring(src, start)
        assert "".join(t.text for t in tokens) == "fr'{a:{b}}'"
        return
    with pytest.raises(TranspileError) as info:
        tokenize_fstring(src, start)
    assert info.value.msg == message
