"""The shared lexical facts: prefixes, quotes, a literal's body, combinators."""

import itertools
import re

import pytest

from fstring_backport.engine import lexical
from fstring_backport.engine.lexer import FSTRING_START, STRING, STRING_BODY, TSTRING_START, tokenize
from fstring_backport.engine.literals import UNTIL_QUOTE


@pytest.mark.parametrize(
    "opening, prefix, raw, letter",
    [("'", "", False, ""), ("rb'", "rb", True, ""), ("Rf'''", "Rf", True, "f"), ("F\"", "F", False, "f"),
     ("tR'", "tR", True, "t"), ("u'", "u", False, "")],
)
def test_prefixes(opening, prefix, raw, letter):
    assert lexical.prefix_of(opening) == prefix
    assert lexical.is_raw(prefix) is raw and lexical.is_raw(opening) is raw
    assert lexical.template_letter(prefix) == letter


@pytest.mark.parametrize("letter", ["f", "t", "b"])
def test_prefixes_with_a_letter_are_the_lexers(letter):
    """Each spelling the lexer opens a string with, and none that it refuses."""
    every_case = {
        "".join(case)
        for spelling in (letter, letter + "r", "r" + letter)
        for case in itertools.product(*((c.lower(), c.upper()) for c in spelling))
    }
    assert set(lexical.prefixes_with(letter)) == every_case
    for prefix in every_case:
        (token,) = [t for t in tokenize(prefix + "''\n") if t.kind in (STRING, FSTRING_START, TSTRING_START)]
        assert token.text.startswith(prefix)


@pytest.mark.parametrize("literal", ["'a\\'b'", '"""a"b""c"""', "'''\\'''\n'''", "b'\\\r\n'", "r'\\\\'"])
def test_string_body_is_the_lexers(literal):
    (token,) = [t for t in tokenize(literal + "\n") if t.kind == STRING]
    prefix = lexical.prefix_of(literal)
    quote = lexical.quote_of(literal, len(prefix))
    body = STRING_BODY[quote].match(literal, len(prefix) + len(quote))
    assert token.text == literal and body.end() == len(literal)
    assert UNTIL_QUOTE[quote].match(literal, len(prefix) + len(quote)).end() == len(literal) - len(quote)


def test_combinators_are_tokenize_pys():
    assert lexical.group("a", "b") == "(?:a|b)"
    assert lexical.any_of("a", "b") == "(?:a|b)*"
    assert lexical.maybe("a") == "(?:a)?"
    assert re.fullmatch(lexical.none_of("{}\\'\r\n-^]"), "x")
    for ch in "{}\\'\r\n-^]":
        assert not re.fullmatch(lexical.none_of("{}\\'\r\n-^]"), ch)
        assert re.fullmatch(lexical.one_of("{}\\'\r\n-^]"), ch)
