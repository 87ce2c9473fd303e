"""Hand-written lexer cases: every prefix, quote, nesting and line-ending form.

Each case states the tokens we expect, written by hand from PEP 701; on
3.12+ each is also checked against CPython's own tokenize.
"""

import sys
import warnings
from pathlib import Path

import pytest

from fstring_backport import TranspileError
from fstring_backport.engine.lexer import lex_fstring, tokenize
from fstring_backport.engine.parsed import LineIndex
from fstring_backport.engine.source import decode_source

from support.cpython_tokens import first_difference

PREFIXES = ["f", "F", "rf", "rF", "Rf", "RF", "fr", "fR", "Fr", "FR"]
T_PREFIXES = ["t", "T", "rt", "rT", "Rt", "RT", "tr", "tR", "Tr", "TR"]
PLAIN_PREFIXES = ["", "r", "R", "u", "U", "b", "B", "br", "bR", "Br", "BR", "rb", "rB", "Rb", "RB"]
QUOTES = ["'", '"', "'''", '"""']

on_312 = pytest.mark.skipif(sys.version_info < (3, 12), reason="needs CPython's PEP 701 tokenize")


def pairs(src):
    """(kind, text) of every token but the closing NEWLINE/ENDMARKER."""
    tokens = tokenize(src)
    assert "".join(t.text for t in tokens) == src
    return [(t.kind, t.text) for t in tokens if t.kind not in ("NEWLINE", "ENDMARKER")]


def agrees_with_cpython(src, since=(3, 12)):
    if sys.version_info >= since:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            assert first_difference(src) is None


@pytest.mark.parametrize("prefix", PREFIXES)
@pytest.mark.parametrize("quote", QUOTES)
def test_every_fstring_prefix_and_quote(prefix, quote):
    src = f"{prefix}{quote}a{{{{b}}}}{{x!r:>{{w}}}}c{quote}\n"
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
    body = f"a\\{quote[0]}b{{x}}"
    src = f"x = {prefix}{quote}{body}{quote}\n"
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
    src = f"if x:{eol}\ty = f'''a{eol}{{z}}'''{eol}else:{eol}    pass{eol}"
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


@pytest.mark.parametrize(
    "src, line, col",
    [
        ("f'{x:>3\n}'", 1, 8),
        ("x = (f'{y!r:>3\r\n  }')", 1, 15),
        ("f'{x:\n}'", 1, 6),
        ('f"{x:abc', 1, 9),  # the input's end counts as a line break
        ("f'{t'{x:\n}'}'", 1, 9),
    ],
)
def test_a_single_quoted_spec_may_not_end_in_a_line_break(src, line, col):
    # 3.12.1 ended the spec there; 3.13.2+ refuse it (gh-129958).
    with pytest.raises(TranspileError) as info:
        tokenize(src)
    kind = "t" if "{t'" in src else "f"
    assert info.value.msg == (
        f"{kind}-string: newlines are not allowed in format specifiers for single quoted {kind}-strings"
    )
    assert (info.value.lineno, info.value.offset) == (line, col)
    assert_same_error_as_cpython(src, info.value)


def test_a_triple_quoted_spec_keeps_its_line_breaks():
    src = "f" + "'" * 3 + "{x:>3\n}{y:{w}\n\n}" + "'" * 3 + "\n"
    assert pairs(src)[4] == ("FSTRING_MIDDLE", ">3\n")
    assert ("FSTRING_MIDDLE", "\n\n") in pairs(src)
    agrees_with_cpython(src)


@pytest.mark.parametrize(
    "src, message, line, col",
    [
        # CPython's tokenizer forgets it is in a spec once it meets a brace
        # there: where the spec resumes after a field of its own, a line
        # break ends the f-string, and "{{" is a brace of text.
        ("f'{x:{y}\n}'", "unterminated f-string literal (detected at line 1)", 1, 1),
        ("f'{x:a{y}b\n}'", "unterminated f-string literal (detected at line 1)", 1, 1),
        ("f'{x:{y}", "unterminated f-string literal (detected at line 1)", 1, 1),
        ("f'{x:{y}{{'", "f-string: expecting '}', or format specs", 1, 11),
        # The input's last line break ends its last line.
        ("'" * 3 + "abc\n", "unterminated triple-quoted string literal (detected at line 1)", 1, 1),
        ("f" + "'" * 3 + "{x:a\n", "unterminated triple-quoted f-string literal (detected at line 1)", 1, 1),
    ],
)
def test_where_a_spec_resumes_after_a_field(src, message, line, col):
    with pytest.raises(TranspileError) as info:
        tokenize(src)
    assert (info.value.msg, info.value.lineno, info.value.offset) == (message, line, col)
    assert_same_error_as_cpython(src, info.value)


def test_a_resumed_spec_takes_a_doubled_brace_as_text():
    src = "f'{x:{y}{{}' + f'{x:{y:a}b{{c}'\n"
    assert ("FSTRING_MIDDLE", "{{") in pairs(src)
    assert ("FSTRING_MIDDLE", "b{{c") in pairs(src)
    agrees_with_cpython(src, since=(3, 14))


def assert_same_error_as_cpython(src, error, since=(3, 14)):
    """The running CPython (3.14+, which has 3.15's rules here) raises the same error, same place."""
    if sys.version_info < since:
        return
    with pytest.raises(SyntaxError) as info:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compile(src, "<case>", "exec", dont_inherit=True)
    expected = info.value
    assert (error.msg, error.lineno, error.offset) == (expected.msg, expected.lineno, expected.offset)


# -- t-strings (PEP 750, 3.14) ----------------------------------------------------


@pytest.mark.parametrize("prefix", T_PREFIXES)
@pytest.mark.parametrize("quote", QUOTES)
def test_every_tstring_prefix_and_quote(prefix, quote):
    src = f"{prefix}{quote}a{{{{b}}}}{{x!r:>{{w}}}}c{quote}\n"
    assert pairs(src) == [
        ("TSTRING_START", prefix + quote),
        ("TSTRING_MIDDLE", "a{{b}}"),
        ("OP", "{"),
        ("NAME", "x"),
        ("OP", "!"),
        ("NAME", "r"),
        ("OP", ":"),
        ("TSTRING_MIDDLE", ">"),
        ("OP", "{"),
        ("NAME", "w"),
        ("OP", "}"),
        ("OP", "}"),
        ("TSTRING_MIDDLE", "c"),
        ("TSTRING_END", quote),
    ]
    agrees_with_cpython(src, since=(3, 14))


def test_tstrings_and_fstrings_nest_in_each_other():
    src = 't"{f"{t"{d["k"]}"!r:>{w}}"}" rt\'\\{x = }\'\n'
    kinds = [k for k, _ in pairs(src)]
    assert kinds[:5] == ["TSTRING_START", "OP", "FSTRING_START", "OP", "TSTRING_START"]
    assert kinds.count("TSTRING_END") == 3 and kinds.count("FSTRING_END") == 1
    agrees_with_cpython(src, since=(3, 14))


@pytest.mark.parametrize(
    "src, message, width",
    [
        ('ft"x"', "'f' and 't' prefixes are incompatible", 2),
        ('Tf"x"', "'f' and 't' prefixes are incompatible", 2),
        ('rtf"x"', "'f' and 't' prefixes are incompatible", 3),
        ('tb"x"', "'b' and 't' prefixes are incompatible", 2),
        ('bRT"x"', "'b' and 't' prefixes are incompatible", 3),
        ('tu"x"', "'u' and 't' prefixes are incompatible", 2),
        ('Ut"x"', "'u' and 't' prefixes are incompatible", 2),
        ('fb"x"', "'b' and 'f' prefixes are incompatible", 2),
        ("uR'x'", "'u' and 'r' prefixes are incompatible", 2),
        ("x = (1,\n  bu'x')", "'u' and 'b' prefixes are incompatible", 2),
    ],
)
def test_incompatible_prefixes(src, message, width):
    with pytest.raises(TranspileError) as info:
        tokenize(src)
    assert info.value.msg == message
    assert info.value.end_offset - info.value.offset == width
    assert_same_error_as_cpython(src, info.value)


def test_a_repeated_prefix_letter_makes_a_name():
    src = 'tt"x" + ff"y" + rtr"z"\n'
    assert [t for t in pairs(src) if t[0] == "NAME"] == [("NAME", "tt"), ("NAME", "ff"), ("NAME", "rtr")]
    agrees_with_cpython(src, since=(3, 14))


@pytest.mark.parametrize(
    "src, message, line, col",
    [
        ("t'{x)}'", "t-string: unmatched ')'", 1, 5),
        ("t'}'", "t-string: single '}' is not allowed", 1, 3),
        ("t'{x'", "t-string: expecting '}'", 1, 5),
        ("t'abc", "unterminated t-string literal (detected at line 1)", 1, 1),
        ("x = 1\nT" + "'" * 3 + "abc\n", "unterminated triple-quoted t-string literal (detected at line 2)", 2, 1),
        ("t'{x:{y:{z:{w}}}}'", "t-string: expressions nested too deeply", 1, 11),
        ("t'{x:abc'", "t-string: expecting '}', or format specs", 1, 6),  # at the spec's text
        ("t'{x:{y}'", "t-string: expecting '}', or format specs", 1, 9),
        ("f'{x:abc'", "f-string: expecting '}', or format specs", 1, 9),  # at the quote
        ("t'{x:a\n}'", "t-string: newlines are not allowed in format specifiers for single quoted t-strings", 1, 7),
        ("t'{f'{x)}'}'", "f-string: unmatched ')'", 1, 8),
        ("f'{t'{x)}'}'", "t-string: unmatched ')'", 1, 8),
    ],
)
def test_tstring_errors_say_tstring(src, message, line, col):
    with pytest.raises(TranspileError) as info:
        tokenize(src)
    assert (info.value.msg, info.value.lineno, info.value.offset) == (message, line, col)
    assert_same_error_as_cpython(src, info.value)


def test_too_many_nested_fstrings_or_tstrings():
    src = 'f"{t"{' * 74 + 'f"{x}"' + '}"}"' * 74  # 149 deep
    tokenize(src)
    deeper = 't"{' + src + '}"'
    with pytest.raises(TranspileError) as info:
        tokenize(deeper)
    assert info.value.msg == "too many nested f-strings or t-strings"
    assert_same_error_as_cpython(deeper, info.value)


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
            assert lex_fstring(text, start).tokens == run, (case.name, start)
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
        tokens = lex_fstring(src, start).tokens
        assert "".join(t.text for t in tokens) == "fr'{a:{b}}'"
        return
    with pytest.raises(TranspileError) as info:
        lex_fstring(src, start)
    assert info.value.msg == message
