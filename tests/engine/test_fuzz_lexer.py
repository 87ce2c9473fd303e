"""Property tests for the lexer: generated 3.12 source, random text, mutants.

* Generated source (``strategies.py``) round-trips through ``tokenize`` on
  every Python; on 3.12+ it also compiles and agrees with CPython's own
  ``tokenize`` token for token.
* Arbitrary text, and generated source with a character deleted, inserted
  or duplicated, either tokenizes (and round-trips) or raises
  ``TranspileError``; the same holds for ``transpile``.
* On 3.12+, whatever of that ``compile()`` accepts, our lexer accepts too,
  with CPython's tokens.

Where CPython itself cannot serve as the oracle (its tokenize module crashes
on some valid f-strings, its parser on some debug fields in format specs,
and the module does not split lines at a lone ``\\r``) the comparison is
skipped and recorded as a Hypothesis event (``--hypothesis-show-statistics``).

Example counts are minimums: ``HYPOTHESIS_PROFILE=nightly`` raises them all.
"""

import re
import sys
import warnings

import pytest
from hypothesis import event, example, given, settings
from hypothesis import strategies as st

from fstring_backport import TranspileError, transpile
from fstring_backport.engine.lexer import FSTRING_END, FSTRING_START, tokenize

from support.cpython_tokens import first_difference, theirs
from support.pythons import cpython_host_in
from support.strategies import fstring_source, module_source

pytestmark = pytest.mark.slow  # property-based

on_312 = pytest.mark.skipif(
    sys.version_info < (3, 12), reason="needs CPython's PEP 701 tokenize"
)


# The lexer is the same Python code on every host: the oldest (3.8), the one
# most projects run (3.11) and the newest (3.15, whose tokenize reads PEP 701)
# try the full number of examples, the matrix's other Pythons a quarter.
FULL_BUDGET_HERE = cpython_host_in("3.8", "3.11", "3.15")


def examples(n):
    """``n`` examples (a quarter where :data:`FULL_BUDGET_HERE` is false); a
    profile asking for more (nightly) wins."""
    return settings(max_examples=max(n if FULL_BUDGET_HERE else n // 4, settings().max_examples))


generated = st.one_of(fstring_source(), module_source())


# -- helpers --------------------------------------------------------------------


def check_tokens(src):
    """Tokenize; the tokens must tile the input exactly, in order."""
    tokens = tokenize(src)
    assert "".join(t.text for t in tokens) == src
    offset = 0
    for token in tokens:
        assert token.offset == offset, token
        offset = token.end
    kinds = [t.kind for t in tokens]
    assert kinds.count(FSTRING_START) == kinds.count(FSTRING_END)
    return tokens


def tokenize_or_reject(src):
    """Either tokens that round-trip, or TranspileError; nothing else."""
    try:
        tokens = tokenize(src)
    except TranspileError as exc:
        assert isinstance(exc, SyntaxError)
        return None
    assert "".join(t.text for t in tokens) == src
    return tokens


def transpile_or_reject(src):
    """``transpile`` returns text or raises TranspileError; nothing else."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # its safety net compiles the output
            result = transpile(src, target=(3, 8), filename="<fuzz>")
    except TranspileError:
        return None
    assert isinstance(result, str)
    return result


def cpython_accepts(src):
    """Whether this interpreter's ``compile()`` accepts ``src``.

    None when it cannot tell: the parser raises ValueError as soon as it
    builds a debug field inside a format spec (3.12.1: ``f'{x:{y=}}'``;
    3.13.0: ``f'{x:{y:{z=}}}'``), before it has seen the rest of the input.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # invalid escapes, 'str' not callable...
        try:
            compile(src, "<fuzz>", "exec", dont_inherit=True)
        except SyntaxError:
            return False
        except ValueError as exc:
            if "field 'value' is required" in str(exc):
                return None
            return False  # a bad escape can raise UnicodeDecodeError
    return True


_LONE_CR = re.compile(r"\r(?!\n)")


def comparable_with_cpython(src):
    """Whether ``first_difference`` can judge ``src``.

    CPython's tokenize module reads lines split at ``\\n`` only, so lone
    ``\\r`` line ends are left out (as in test_lexer_cases); and it crashes
    on some valid input (3.12 and 3.13 raise SystemError for a debug field
    holding a multi-line f-string, ``f'{x:{f'''\\n'''=}10}'``; 3.12 raises
    UnicodeDecodeError on some non-ASCII debug text): nothing to compare then.
    """
    if _LONE_CR.search(src):
        event("not compared: lone CR line ends")
        return False
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            theirs(src)
    except Exception as exc:
        event(f"not compared: CPython's tokenize raised {type(exc).__name__}")
        return False
    return True


def assert_same_tokens_as_cpython(src):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # CPython's tokenize warns on bad escapes
        difference = first_difference(src)
    assert difference is None, difference


# -- a. generated source round-trips ----------------------------------------------


@examples(700)
@given(generated)
def test_generated_source_round_trips(src):
    check_tokens(src)


# -- b. generated source is valid 3.12 and lexes like CPython --------------------


@on_312
@examples(500)
@given(generated)
def test_generated_source_compiles_and_agrees_with_cpython(src):
    accepted = cpython_accepts(src)
    assert accepted is not False, "the strategy made invalid 3.12 source"
    if accepted is None:
        event("not compiled: CPython crashes on a debug field in a spec")
    check_tokens(src)
    if comparable_with_cpython(src):
        assert_same_tokens_as_cpython(src)


# -- c. arbitrary text and mutants: tokens or TranspileError ----------------------

# Biased towards what makes lexing interesting; the rest of Unicode too.
PUNCTUATION = list("'\"{}{}[]()\\#:=!.,;+-*/%<>@~^&|$?`") + [
    "\n", "\n", "\r", "\t", " ", " ", "\x0c", "\x00", "\ufeff",
    "f", "F", "r", "R", "b", "u", "t", "T", "x", "0", "1", "_", "\u00e9", "\u03bb",
    "\u2192", "\U0001f600", "\u0301", "\u00a0",
]
ALPHABET = st.one_of(st.sampled_from(PUNCTUATION), st.characters())

# Pieces of Python that often appear together, for texts closer to code.
FRAGMENTS = st.one_of(
    st.sampled_from(
        (
            "f'", 'f"', "f'''", 'f"""', "rf'", "Rb'", "'", '"', "'''", '"""',
            "t'", 'T"', "tr'", 'Rt"""', 'ft"',
            "{", "}", "{{", "}}", "{x", "x}", "!r", "!s", "=", ":", ":=", "!=",
            ">10", "\\", "\\\n", "\\N{BULLET}", "\\N{", "#", "# c\n", "\n",
            "\r\n", "\r", "    ", "\t", "x = ", "(", ")", "[", "]", "if x:\n",
            "d['k']", "lambda: ", "1", "\u00e9",
        )
    ),
    ALPHABET,
)
soup = st.one_of(
    st.text(alphabet=ALPHABET, max_size=40),
    st.lists(FRAGMENTS, max_size=25).map("".join),
)


@st.composite
def mutants(draw):
    """Generated source with one to three characters deleted, inserted or doubled."""
    src = draw(generated)
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(src)))
        op = draw(st.sampled_from(("delete", "insert", "duplicate")))
        if op == "insert" or not src:
            src = src[:i] + draw(ALPHABET) + src[i:]
        else:
            i = min(i, len(src) - 1)
            src = src[: i + 1] + src[i:] if op == "duplicate" else src[:i] + src[i + 1 :]
    return src


@examples(1000)
@given(soup)
def test_arbitrary_text_tokenizes_or_raises_transpile_error(text):
    tokenize_or_reject(text)
    transpile_or_reject(text)


@examples(700)
@given(mutants())
def test_mutants_tokenize_or_raise_transpile_error(src):
    tokenize_or_reject(src)
    transpile_or_reject(src)


@examples(200)
@given(generated)
def test_transpile_of_generated_source_raises_only_transpile_error(src):
    transpile_or_reject(src)


# -- d. whatever 3.12 accepts, we accept ----------------------------------------


# A line break ending the format spec of a single-quoted f-string: 3.12.1
# and 3.13.0 accept it, 3.13.2 and later refuse it as we do (gh-129958).
FIXED_SINCE_3132 = "newlines are not allowed in format specifiers for single quoted f-strings"


@on_312
@examples(1000)
@given(st.one_of(mutants(), soup))
@example(" ")  # a last line of blanks without a line break: CPython emits NL
@example("if x:\n    pass\n  ")
@example("f'{x:>3\n}'")  # see FIXED_SINCE_3132
@example("x = t'{x!r:>{w}}' T'{d['k']}'\n")  # compiled by 3.14+ only
def test_we_accept_what_cpython_accepts(src):
    if "\x00" in src or not cpython_accepts(src):
        return  # rejected, or CPython cannot tell
    event("compiled")
    try:
        tokens = tokenize(src)
    except TranspileError as exc:
        if exc.msg.endswith(FIXED_SINCE_3132) and sys.version_info < (3, 13, 2):
            event("not compared: accepted by an early 3.12/3.13 only")
            return
        pytest.fail(f"CPython compiles this but our lexer rejects it: {exc}")
    assert "".join(t.text for t in tokens) == src
    # Valid input: the tokens must be CPython's too.
    if comparable_with_cpython(src):
        assert_same_tokens_as_cpython(src)
