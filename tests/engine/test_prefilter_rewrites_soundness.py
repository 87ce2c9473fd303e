"""One test per point of the quick check's soundness argument (prefilter_rewrites.py).

Each case would fail if its point were false: the check would say True for
an f-string that needs a rewrite, or read the text other than the lexer.
"""

import pytest

from fstring_backport import TranspileError
from fstring_backport.engine import prefilter_rewrites
from fstring_backport.engine.lexer import FSTRING_END, FSTRING_START, tokenize
from fstring_backport.engine.prefilter_rewrites import may_need_rewriting
from fstring_backport.engine.rewriting import rewrite

NEEDS_REWRITE = "f'{x!r:{w}}'"  # conversion before a spec with fields
DOUBTFUL = "f'{((x))}'"  # brackets too deep for the pattern: lexed alone, passes


def _spans_read_in_context(text):
    spans = []
    prefilter_rewrites._read_in_context(prefilter_rewrites._Text(text), 0, len(text.encode()), spans)
    return spans


def _outermost_fstring_spans(text):
    spans = []
    depth = 0
    for token in tokenize(text):
        if token.kind == FSTRING_START:
            if depth == 0:
                start = token.offset
            depth += 1
        elif token.kind == FSTRING_END:
            depth -= 1
            if depth == 0:
                spans.append((start, token.end))
    return spans


# -- 1. reading in context follows the lexer ---------------------------------

CONTEXT_TEXTS = [
    's = "a\\\\" {F}\n',  # "\\" ends the string: the f-string is code
    's = "a\\" {F}"\n',  # "\"" does not: it is text
    "# c\n{F}\n",  # a comment ends at its line break
    's = "#"; {F}\n',  # "#" in a string starts no comment
    "s = '''a'b\n''' + {F}\n",  # a triple-quoted body
    "s = rb'\\\\'; {F}\n",  # a prefix is code, the body is the lexer's
    "x = 1 i{F} else 2\n",  # "f" inside a name starts no f-string
    "x = r{F}\n",  # "rf" does
    "x = R{F}\n",
    "x = 'a' 'b' {F}  # {F}\n",
    "x = (f'{{a}}', 'f', \"{{b}}\", {F})\n",
]


@pytest.mark.parametrize("template", CONTEXT_TEXTS)
def test_1_reading_in_context_finds_the_lexers_fstrings(template):
    text = template.format(F=DOUBTFUL)
    assert _spans_read_in_context(text) == _outermost_fstring_spans(text)
    text = template.format(F=NEEDS_REWRITE)
    assert may_need_rewriting(text) == (rewrite(text) != text)


# -- 2. a quote that opens no string stops the reading ------------------------


@pytest.mark.parametrize("text", ["x = 'abc\ny = 1\n", "x = '''abc'\n", 'x = """\n'])
def test_2_a_quote_that_opens_no_string_stops_the_reading(text):
    # "'''abc'" is not "''" and "'abc'": the lexer sees a triple quote.
    assert prefilter_rewrites._read_in_context(prefilter_rewrites._Text(text), 0, len(text)) == -1


def test_2_the_answer_is_then_false():
    assert may_need_rewriting("x = '''abc\ny = " + NEEDS_REWRITE + "\n")


# -- 3. the plain pattern matches exactly the lexer's f-string ----------------

PLAIN = [
    "f'{x}'",
    "f'{x=}'",
    "f'{x = }'",
    "f'{a:=b}'",  # ":" at the top of a field starts the spec
    "f'{x!r:>10}'",
    "f'{x:{w}}'",
    "f'{{x}}'",
    "f'''a'b''c'''",
    "f'{d[\"k\"]}'",
    "f'\\{x}'",
    "f'{x == y}'",
]
NOT_PLAIN = [
    "f'{x!=y}'",  # 3.12 cuts debug text at "!="
    "f'{x+=1}'",  # not a debug "="
    "f'{lambda:1}'",
    "f'\\N{DASH}'",
    NEEDS_REWRITE,
    "f'{x:{y:{z}}}'",
    "f'{1if x else 2}'",
    "f'{x#}'",
    "f'{f\"{x}\"}'",  # a nested f-string with fields
    "f\"{'''}'''}\"",
]


@pytest.mark.parametrize("fstring", PLAIN)
def test_3_a_plain_match_is_the_lexers_fstring(fstring):
    text = "x = " + fstring + " + 1\n"
    end = prefilter_rewrites._plain_end(text.encode(), 5)
    assert (4, end) == _outermost_fstring_spans(text)[0]
    assert rewrite(text) == text


@pytest.mark.parametrize("fstring", NOT_PLAIN)
def test_3_what_the_lexer_reads_otherwise_is_not_plain(fstring):
    assert prefilter_rewrites._plain_end(fstring.encode(), 1) < 0


# -- 4. a refused f-string is judged as the full path judges it ---------------


@pytest.mark.parametrize(
    "fstring, accepted",
    [("f'{((x))}'", True), ("f'{[(x)]:>{w}}'", True), ("f'{((x))!r:{w}}'", False), ("f'{((x), #\n)}'", False)],
)
def test_4_a_refused_fstring_is_lexed_alone_and_judged(fstring, accepted):
    assert prefilter_rewrites._plain_end(fstring.encode(), 1) < 0
    text = "x = " + fstring + "\n"
    assert may_need_rewriting(text) is not accepted
    assert (rewrite(text) == text) is accepted


# -- 5. blind reading visits every f-string prefix ----------------------------


@pytest.mark.parametrize("prefix", ["f", "F", "rf", "Rf", "fr", "fR", "RF", "Fr"])
@pytest.mark.parametrize("quote", ["'", '"', "'''", '"""'])
def test_5_blind_reading_visits_every_prefix(prefix, quote):
    text = f"x = {prefix}{quote}{{x!r:{{w}}}}{quote}\n"
    assert may_need_rewriting(text)


def test_5_but_an_fstring_left_open_on_its_line_is_left_to_python():
    assert not may_need_rewriting("x = '%f' % y\n")
    assert may_need_rewriting("x = '%f' % y\n" + NEEDS_REWRITE + "\n")
    text = "x = f'abc\ny = 1\n"
    assert not may_need_rewriting(text)
    with pytest.raises(TranspileError, match="unterminated f-string"):
        rewrite(text)


# -- 6. no t-string passes ------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["t'{x}'", "T'x'", "tr'x'", "rt'x'", "Rt'{x}'", "x = f'{t\"{x}\"}'", "x = f'{tr\"a\"}'"]
)
def test_6_no_tstring_passes(text):
    assert may_need_rewriting(text + "\n")


def test_6_a_t_after_a_quote_is_text():
    assert not may_need_rewriting("x = 'rt' 'T'\n")


# -- 7. errors in f-strings go to the full path, others are not looked for ---


@pytest.mark.parametrize("text", ["f'{}'", "f'{x!z}'", "f'{x'", "f'{x:{y:{z:{w}}}}}'", "f'{x}}'"])
def test_7_errors_in_fstrings_take_the_full_path(text):
    assert may_need_rewriting(text + "\n")
    with pytest.raises(TranspileError):
        rewrite(text + "\n")


@pytest.mark.parametrize("text", ["x = (\nf'{a}'\n", "x = 'abc\nf'{a}'\n", "x = 08 + f'{a}'\n"])
def test_7_errors_elsewhere_are_not_looked_for(text):
    assert not may_need_rewriting(text)
    with pytest.raises(TranspileError):
        rewrite(text)
