"""Parsed: one text, its tokens and lines; the one way an offset becomes an error."""

from fstring_backport.engine.errors import TranspileError
from fstring_backport.engine.lexer import lex
from fstring_backport.engine.parsed import Parsed


def test_error_has_line_column_text_and_end():
    parsed = Parsed("a = 1\r\nb = f'{x}'\n", filename="m.py")
    error = parsed.error("bad", 11, 14)
    assert isinstance(error, TranspileError)
    assert (error.filename, error.lineno, error.offset, error.end_lineno, error.end_offset) == ("m.py", 2, 5, 2, 8)
    assert error.text == "b = f'{x}'\n"
    assert error.located() == "m.py:2:5: bad"


def test_error_without_end_ends_where_it_starts():
    error = Parsed("x\ny\n").error("bad", 2)
    assert (error.lineno, error.offset, error.end_lineno, error.end_offset) == (2, 1, 2, 1)


def test_error_takes_a_subclass():
    class Indentation(TranspileError, IndentationError):
        pass

    assert isinstance(Parsed("x").error("bad", 0, cls=Indentation), IndentationError)


def test_lex_fills_one_parsed():
    parsed = lex("x = f'{y}'\n", "m.py")
    assert parsed.filename == "m.py"
    assert "".join(token.text for token in parsed.tokens) == parsed.text
    assert parsed.position(parsed.tokens[-1].offset) == (2, 0)


def test_from_syntax_error_keeps_its_place():
    try:
        compile("x = (", "m.py", "exec")
    except SyntaxError as exc:
        error = TranspileError.from_syntax_error(exc, "m.py")
        assert (error.msg, error.lineno, error.offset) == (exc.msg, exc.lineno, exc.offset)
    assert TranspileError.from_syntax_error(SyntaxError("no place"), "m.py").lineno == 1
