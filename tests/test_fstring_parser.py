"""The f-string tree: parts, fields, debug text, conversions and specs."""

import sys

import pytest

from fstring_backport.fstrings import Field, Literal, debug_text, parse_fstrings
from fstring_backport.lexer import LineIndex, tokenize


def parse(src):
    tokens = tokenize(src)
    return tokens, parse_fstrings(tokens, src)


def text(tokens, i):
    return tokens[i].text


def test_parts_of_a_simple_fstring():
    tokens, (node,) = parse("f'a{x!r:>{w}}b{{c}}'")
    assert text(tokens, node.start) == "f'"
    assert text(tokens, node.end) == "'"
    literal, field, tail = node.parts
    assert isinstance(literal, Literal) and text(tokens, literal.index) == "a"
    assert isinstance(field, Field)
    assert [t.text for t in tokens[field.expr_start : field.expr_end]] == ["x"]
    assert text(tokens, field.conversion) == "r"
    assert field.equals is None
    spec_text, spec_field = field.spec
    assert text(tokens, spec_text.index) == ">"
    assert [t.text for t in tokens[spec_field.expr_start : spec_field.expr_end]] == ["w"]
    assert text(tokens, field.close) == "}"
    assert text(tokens, tail.index) == "b{{c}}"
    assert [f.open for f in node.fields()] == [field.open, spec_field.open]


def test_nested_fstrings_hang_below_their_field():
    tokens, found = parse('x = f"{f"{f"{y}"}"}" + f"{z}"\n')
    assert len(found) == 2
    outer = found[0]
    (field,) = outer.parts
    (middle,) = field.fstrings
    (inner_field,) = middle.parts
    (inner,) = inner_field.fstrings
    assert text(tokens, inner.start) == 'f"'
    assert [t.text for t in tokens[inner.start : inner.end + 1]] == ['f"', "{", "y", "}", '"']


def test_positions_are_exact():
    src = "a = 1\nb = f'''\n  {a:>{a}}'''\n"
    tokens, (node,) = parse(src)
    lines = LineIndex(src)
    (first_text, field) = node.parts
    assert lines.position(tokens[node.start].offset) == (2, 4)
    assert lines.position(tokens[field.open].offset) == (3, 2)
    assert lines.position(tokens[node.end].offset) == (3, 10)


@pytest.mark.parametrize(
    "src, expected",
    [
        ("f'{x=}'", "x="),
        ("f'{x = }'", "x = "),
        ("f'{ x = !r:>5}'", " x = "),
        ('f"{d["k"] = }"', 'd["k"] = '),
        ("f'{ {1, 2} = }'", " {1, 2} = "),
        ("f'''{x # c\n=}'''", "x \n="),
        ("f'''{x # c\r\n=}'''", "x \n="),
        # A non-raw f-string processes escapes in the debug text as in its
        # literal text: 3.12 prints a real line break here.
        ("f'{\"\\n\".join(a)=}'", '"\\n".join(a)='),
        ("rf'{\"\\x41\"=}'", '"\\x41"='),
    ],
)
def test_debug_text_is_what_python_312_prints(src, expected):
    tokens, (node,) = parse(src)
    (field,) = [p for p in node.parts if isinstance(p, Field)]
    assert debug_text(tokens, field) == expected
    if sys.version_info >= (3, 12):
        namespace = {"x": 10, "d": {"k": 1}, "a": ["p", "q"]}
        value = eval(src.replace("\r\n", "\n"), namespace)
        if not src.startswith("r"):
            expected = expected.encode("latin-1", "backslashreplace").decode("unicode_escape")
        assert value.startswith(expected)


def test_conversion_and_spec_after_debug():
    tokens, (node,) = parse("f'{x=!s:^{w}}'")
    (field,) = node.parts
    assert text(tokens, field.equals) == "="
    assert text(tokens, field.conversion) == "s"
    assert text(tokens, field.colon) == ":"
    assert len(field.spec) == 2
