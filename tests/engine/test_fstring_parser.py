"""The f-string tree: parts, fields, debug text, conversions and specs."""

import pytest

from fstring_backport.engine.fstrings import Field, Literal, debug_text, parse_fstrings
from fstring_backport.engine.lexer import lex
from fstring_backport.engine.parsed import LineIndex

from support.pythons import json_from, oracle


def parse(src):
    parsed = lex(src)
    return parsed.tokens, parse_fstrings(parsed)


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


DEBUG_TEXTS = [
    ("f'{x=}'", "x="),
    ("f'{x = }'", "x = "),
    ("f'{ x = !r:>5}'", " x = "),
    ('f"{d["k"] = }"', 'd["k"] = '),
    ("f'{ {1, 2} = }'", " {1, 2} = "),
    ("f'''{x # c\n=}'''", "x \n="),
    ("f'''{x # c\r\n=}'''", "x \n="),
    ("f'''{x = # c\n}'''", "x = \n"),
    # The text is the source as written: escapes are not processed.
    ("f'{\"\\n\".join(a)=}'", '"\\n".join(a)='),
    ("rf'{\"\\x41\"=}'", '"\\x41"='),
    # A "#" in a string is no comment, and "!=" does not end the text.
    ("f\"{'#'=}\"", "'#'="),
    ("f'{x!=y=}'", "x!=y="),
    ("f'{x!=y = !r}'", "x!=y = "),
    # CPython finds comments by counting quote characters, not by tokens.
    ("f\"\"\"{'''a'b''' # c\n=}\"\"\"", "'''a'b''' # c\n="),
    ("f\"\"\"{'''a'b''' + '#'=}\"\"\"", "'''a'b''' + '"),
    ("f\"\"\"{'\\'' + '#' + 'x' # c\n=}\"\"\"", "'\\'' + '#' + 'x' \n="),
    ("f\"\"\"{'\\'' + \"#\" # c\n=}\"\"\"", "'\\'' + \"#\" \n="),
    ("f\"\"\"{'\\\\' # a\n+ 'b' # c\n=}\"\"\"", "'\\\\' \n+ 'b' \n="),
    ("f'''{x # it's\n + y # z\n=}'''", "x \n + y \n="),
    # A comment inside a nested f-string belongs to that f-string.
    ("f\"\"\"{f'''{x # in\n}''' # out\n=}\"\"\"", "f'''{x # in\n}''' \n="),
]

_EVAL_EACH = """
import json, sys
found = []
for src in json.load(sys.stdin):
    found.append(eval(src, {"x": 10, "y": 2, "d": {"k": 1}, "a": ["p", "q"]}))
print(json.dumps(found))
"""


@pytest.fixture(scope="module")
def shown_by_python_315():
    """What python3.15 prints for each f-string, from one process."""
    sources = [src.replace("\r\n", "\n") for src, _ in DEBUG_TEXTS]
    return dict(zip((src for src, _ in DEBUG_TEXTS), json_from(oracle(), _EVAL_EACH, sources)))


@pytest.mark.parametrize("src, expected", DEBUG_TEXTS)
def test_debug_text_is_what_python_315_prints(src, expected, shown_by_python_315):
    tokens, (node,) = parse(src)
    (field,) = [p for p in node.parts if isinstance(p, Field)]
    assert debug_text(tokens, field) == expected
    assert shown_by_python_315[src].startswith(expected)


def test_conversion_and_spec_after_debug():
    tokens, (node,) = parse("f'{x=!s:^{w}}'")
    (field,) = node.parts
    assert text(tokens, field.equals) == "="
    assert text(tokens, field.conversion) == "s"
    assert text(tokens, field.colon) == ":"
    assert len(field.spec) == 2
