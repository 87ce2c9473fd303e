"""The quick check never lets a file that needs a rewrite through.

Whenever ``may_need_rewriting`` says False, the full path (lex everything,
lower what ``oldsyntax`` rejects) returns the text unchanged, or raises for
an error outside every f-string or an unterminated string (which transpile
then leaves to Python).
Checked on the 3.12 and 3.13 standard libraries, the differential corpus,
generated modules and hand-picked traps.
"""

import re
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fstring_backport import TranspileError
from fstring_backport.engine import prefilter_rewrites
from fstring_backport.engine.parsed import LineIndex
from fstring_backport.engine.prefilter_rewrites import may_need_rewriting
from fstring_backport.engine.rewriting import rewrite
from fstring_backport.engine.source import decode_source

from support.pythons import stdlib_files
from support.strategies import fstring_source, module_source

CASES = sorted((Path(__file__).parent / "differential" / "cases").glob("*.py"))


def full_path_changes(text):
    """True if the full path rewrites ``text``; None if it raises."""
    try:
        return rewrite(text) != text
    except TranspileError:
        return None


def assert_sound(text, name="<text>"):
    if not may_need_rewriting(text):
        changes = full_path_changes(text)
        assert changes is not True, name
        if changes is None:
            # Only errors outside f-strings may go unreported: every
            # f-string of the file lexes and passes the quick check alone.
            assert _error_is_outside_fstrings(text), name


INDENTATION_ERRORS = (
    "unindent does not match any outer indentation level",
    "inconsistent use of tabs and spaces in indentation",
)


def _error_is_outside_fstrings(text):
    """True if the full path's error is one the quick check does not look for.

    That is an error outside every f-string (bad indentation at the start of
    one included), an unterminated string, or a single-quoted f-string left
    open before any brace, backslash or closing quote (``_UNTERMINATED``).
    """
    try:
        rewrite(text)
    except TranspileError as exc:
        data = text.encode("utf-8", "surrogatepass")
        offset = LineIndex(text).starts[exc.lineno - 1] + exc.offset - 1
        at = len(text[:offset].encode("utf-8", "surrogatepass"))
        if exc.msg.startswith(("unterminated string", "unterminated triple-quoted string")):
            return True
        if exc.msg in INDENTATION_ERRORS:  # their column may fall inside the line's first token
            return True
        if exc.msg.startswith("unterminated f-string"):
            quote = re.compile(rb"[fFrR]*").match(data, at).end()
            return prefilter_rewrites._UNTERMINATED.match(data, quote) is not None
        if exc.msg.startswith("f-string"):
            return False
        return not any(start < at < end for start, end in _fstring_spans(text))
    return True


def _fstring_spans(text):
    """(start, end) of each f-string, read in context as the quick check reads it.

    Offsets into the text's UTF-8 bytes, as the error's offset is turned.
    """
    spans = []
    size = len(text.encode("utf-8", "surrogatepass"))
    prefilter_rewrites._read_in_context(prefilter_rewrites._Text(text), 0, size, spans)
    return spans


# The quick check is regular expressions and the full path pure Python: two
# interpreters, the oldest and 3.13, are enough for the long comparison,
# each on two of the standard libraries.
STDLIBS = {(3, 8): ("3.12", "3.13"), (3, 13): ("3.14", "3.15")}


@pytest.mark.slow  # whole standard libraries
@pytest.mark.parametrize("version", ["3.12", "3.13", "3.14", "3.15"])
def test_stdlib(version):
    if version not in STDLIBS.get(sys.version_info[:2], ()):
        pytest.skip("3.8 reads the 3.12 and 3.13 standard libraries, 3.13 the 3.14 and 3.15 ones")
    plain = doubtful = 0
    for path in stdlib_files(version):
        try:
            text = decode_source(path.read_bytes(), str(path)).text
        except TranspileError:
            continue
        if not may_need_rewriting(text):
            plain += 1
            assert full_path_changes(text) is not True, path
        elif full_path_changes(text) is not True:
            doubtful += 1
    # Worth having: but the files that need a rewrite (t-strings and
    # except A, B: from 3.14 on, lazy imports in 3.15's), only a few take
    # the full path for nothing: prose that starts a line with "except",
    # and, for 3.8, decorators called over several lines with a comment
    # inside (9 in 3.15's library), which the quick check does not read,
    # and stars that 3.11 first reads but no rewrite lowers (except*, a
    # case clause's [*rest]): at most 40 of 1,600 to 1,900 here.
    assert plain > 1500 and doubtful <= 40, (plain, doubtful)


def test_differential_corpus():
    rewritten = 0
    for case in CASES:
        text = decode_source(case.read_bytes(), str(case)).text
        assert_sound(text, case.name)
        rewritten += full_path_changes(text) is True
    assert rewritten > 150


@pytest.mark.slow  # a hundred generated modules, a second or two
@given(module_source())
def test_generated_modules(text):
    assert_sound(text)


@given(fstring_source())
def test_generated_fstrings(text):
    assert_sound("x = " + text + "\n")


NEED_A_REWRITE = [
    'f"{d["k"]}"',
    "rf'{d['k']}'",
    'Rf"{d["k"]}"',
    'fR"{d["k"]}"',
    'F"{x!r }"',
    "f'{\"\\n\".join(a)}'",
    "f'{a!r:>{w}}'",
    "f'''{x = # note\n}'''",
    "f'''{x # note\n}'''",
    "f'{x:{y:{z}}}'",
    "rf'{x!s:\\x3e{w}}'",
    "f'''{d['''k''']}'''",
    "f''' {x!r}''' f'{d['k']}'",
    "x = '\\f' + f\"{d[\"k\"]}\"",
    "x = 'F' f\"{d[\"k\"]}\"",
    "x = '%f' % 1; y = f\"{d[\"k\"]}\"",
    "# f'{\nz = f\"{d[\"k\"]}\"",
    "x = (f'{a}'f'{b['c']}')",
    "f'{f'{x}'}'",
    "f\"{f'{d[\"k\"]}'}\"",
    "f'{x:{\"\\n\"}}'",
    "f'''{(x\n)}'''  f\"{d[\"k\"]}\"",
    'f"{{x}}{d["k"]}"',
]


@pytest.mark.parametrize("text", NEED_A_REWRITE)
def test_traps_are_noticed(text):
    assert full_path_changes(text) is True
    assert may_need_rewriting(text)


INVALID = ["f'{{x}:{a}}'", 'f"{x!z}"', 'f"{}"', 'f"{ }"', 'f"{lambda x: 1}"', 'f"{(x]}"', 'f"{x€}"', 'f"{x!r=}"',
           "f'{x:{y:{z:{w}}}}'",
           # numbers run into a name: "invalid decimal literal", "leading zeros ..."
           'f"{1r}"', 'f"{(1.real)}"', 'f"{x[007]}"', 'f"{a:{2x}}"']


@pytest.mark.parametrize("text", INVALID)
def test_errors_in_fstrings_take_the_full_path(text):
    assert full_path_changes(text) is None
    assert may_need_rewriting(text)


PLAIN = [
    'f"{x}"',
    "f'{d[\"k\"]!r:>8}{d[\"k\"]:>{width}}'",
    'f"{x = }" F"{y=!s:^8}"',
    'rf"\\d+{x}\\{y}"',
    "f'{(a if a != b else c)}'",
    'f"""{x}\n{"a" * 3}"""',
    "f'{(lambda: 1)()}' f'{ {\"a\": 1}[\"a\"] }'",
    "x = elif_f'{a}' if 1 else 2",
    "s = '\\f' + '%f' % 1.0 + 'F'",
    # Beyond the pattern, accepted once lexed alone (from the 3.13 stdlib):
    "f'[[{\", \".join([_type_repr(a) for a in args[:-1]])}], '",
    "f' {i:>{len(str(len(lines)))}}  {line}'",
    "f'^{re.escape(f\"Cannot subclass {obj!r}\")}$'",
    "f\"{__name__ + '.' if __name__ != '__main__' else ''}CustomError\"",
    "rf'{x:>{w}}\\d{(a, [b])}'",
    # Read by 3.8-3.11 as 3.15 reads them:
    'f"{a!=b=}"',
    "f\"{'#'=}\"",
    "rf'{x:\\x3e5}'",
    'f"{x[1].y + 3.14 * .5:{w2}}"',
    'f"{1e5} {0x1f} {1_000} {1if a else 2}"',  # numbers the lexer reads alone
]


@pytest.mark.parametrize("text", PLAIN)
def test_common_fstrings_take_the_fast_path(text):
    assert not may_need_rewriting(text)
    assert full_path_changes(text) is False


def test_long_runs_are_read_to_the_end():
    # More pieces than one match takes (RUN_LIMIT): reading in context goes on.
    head = "x = 'a'  # c\n" * 3000
    assert not may_need_rewriting(head + 'f"{x}"\n')
    assert may_need_rewriting(head + 'f"{d["k"]}"\n')
    # "f'{" inside a string: refused by the pattern, so read in context.
    assert not may_need_rewriting(head + "x = \"f'{\"\n")
    assert may_need_rewriting(head + "x = \"f'{\n")


# (text, whether it needs a rewrite): places that blind reading must read
# in context, then an f-string that needs a rewrite or not.
BLIND = [
    ("x = '%f' % 1; y = '-f{'; z = f'{d['k']}'", True),
    ("x = '%f' % 1; y = '-f{'; z = f'{a}'", False),
    ("x = 'F'  # f'{\n" * 50 + "y = f'{d['k']}'", True),
    ("x = 'F'  # f'{\n" * 50 + "y = f'{a}'", False),
    ("x = 'a'f'{d['k']}'", True),
    ("x = '''\nf'{ \n'''\ny = f'{d['k']}'", True),
    # Offsets into the UTF-8 bytes turned into offsets into the text.
    ("s = 'é€😀'; t = f'^{re.escape(f\"C {obj!r}\")}$'; u = f'{d['k']}'", True),
    ("s = 'é€😀'; t = f'^{re.escape(f\"C {obj!r}\")}$'; u = f'{a}' 'é'", False),
    ("s = '\u00e9'; t = f'{x:{\"\\n\"}}'", True),
    ("s = '\ud800'; t = f'^{re.escape(f\"C {obj!r}\")}$'", False),
]


@pytest.mark.parametrize("text, needs_rewrite", BLIND)
def test_blind_reading(text, needs_rewrite):
    assert full_path_changes(text) is needs_rewrite
    assert may_need_rewriting(text) is needs_rewrite


def test_unterminated_strings_are_left_to_python():
    # Not looked for: such a file comes back unchanged and Python reports
    # the error.  Nor is a single-quoted f-string whose line ends before any
    # brace: blind reading cannot tell it from the "f'" of '%f'.
    for text in ["x = 'abc\n", "x = '%f' % 1\ny = 'abc\n", "x = f'abc\ny = 1\n"]:
        assert not may_need_rewriting(text)
        assert full_path_changes(text) is None
    # With a brace on its line, an unterminated f-string is still reported,
    # and so is a lone "}" before the line's end.
    for text in ["x = f'{a}bc\n", "x = f'a}\n", 'f"=}\n{x}"\n']:
        assert may_need_rewriting(text)
        assert full_path_changes(text) is None


def test_word_characters_are_letters_digits_underscore_backslash_and_non_ascii():
    # The class is spelled by what it leaves out (cheaper to compile); this
    # is what it must mean, over every code point.
    import string

    word = set(string.ascii_letters + string.digits + "_\\")
    assert {chr(c) for c in range(0x80) if re.match(prefilter_rewrites._WORD, chr(c))} == word
    assert re.fullmatch(prefilter_rewrites._WORD + "*", "".join(map(chr, range(0x80, sys.maxunicode + 1))))


SEEDS = PLAIN + [
    "f'{a!r:>{w}} and {b=}'",
    'F"""{x}\n{d[\'k\'] + 1:,}"""',
    "rf'\\d{{2}}{x}\\{y}'",
]
NOISE = ["'", '"', "\\", "#", "\n", "\r\n", "{", "}", "!", "=", ":", "(", ")", "[", "]", "r", "f", " ",
         "\\N", "{{", "}}", "'''", '"""', "!r", "=}", "lambda ", "é", "€", "\t",
         # Decoys for blind reading: "f'" inside strings and comments.
         "'f'", '"%f"', "# f'{\n", "'''f\"{'''", "'-f{'", "\"f'{\""]


@given(
    st.sampled_from(SEEDS),
    st.lists(st.tuples(st.integers(0, 60), st.sampled_from(NOISE + [""])), min_size=1, max_size=3),
)
def test_mutated_fstrings(seed, edits):
    # Insert (or, with "", delete) characters that matter to f-strings.
    text = seed
    for position, noise in edits:
        position = min(position, len(text))
        text = text[:position] + noise + text[position + (noise == "") :]
    assert_sound(text + "\n")


FOUND_BY_FUZZING = [
    'f"=}\n{x}"\n',  # a lone "}" before the line's end: reported
    "éf\"{x}\"f'\n",  # an error's column in characters, the spans in bytes
    "if x:\n    y\n  f'{a}'\n",  # an indentation error's column inside an f-string
    "x = 2f'''f\"{'''\n",  # no prefix after a digit: "invalid decimal literal"
    'F"""{x}\n{d[\'k\'] + 1r:,}"""\n',  # the same, in a field: the pattern refuses it
]


@pytest.mark.parametrize("text", FOUND_BY_FUZZING)
def test_found_by_fuzzing(text):
    assert full_path_changes(text) is None
    assert_sound(text)
