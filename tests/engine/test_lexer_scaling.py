"""The lexer and the quick check are one pass: ten times the input takes
about ten times as long.

A coarse guard against quadratic behaviour only; speed itself is measured
in benchmarks/, side by side with a baseline.
"""

import time

import pytest

from fstring_backport.engine.lexer import tokenize
from fstring_backport.engine.quickcheck import all_fstrings_plain

pytestmark = pytest.mark.slow  # timings, over large inputs

UNIT = (
    "def f(a, b={'k': 1}):\n"
    "    '''Doc.'''\n"
    "    return f\"{a!r:>{b['k']}} {f'{a}'} {{x}}\" + r'\\d' + str(0x1F)  # note\n"
    "\n"
)


def best_time(text, repeat=5, read=tokenize):
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        read(text)
        best = min(best, time.perf_counter() - start)
    return best


def test_time_grows_linearly():
    small = UNIT * 300
    large = UNIT * 3000
    tokenize(small)  # warm up
    ratio = best_time(large) / best_time(small)
    # Linear is about 10; quadratic would be about 100.
    assert ratio < 30, ratio


def test_one_very_long_fstring_is_linear():
    small = "x = f'" + "a{b}" * 2000 + "'\n"
    large = "x = f'" + "a{b}" * 20000 + "'\n"
    ratio = best_time(large) / best_time(small)
    assert ratio < 30, ratio


# Places where an f-string could start but none does, each refused by the
# plain pattern, so that the quick check reads up to each in context.
DECOYS = "s = \"f'{\" + 'x'  # f\"{ f'''{\n" + "t = '%f' % 1; u = '''f\"{'''\n"


def test_quick_check_reads_each_place_once():
    small = DECOYS * 300 + "v = f'{a!r:>8}{b:>{w}}'\n"
    large = DECOYS * 3000 + "v = f'{a!r:>8}{b:>{w}}'\n"
    assert all_fstrings_plain(large)
    ratio = best_time(large, read=all_fstrings_plain) / best_time(small, read=all_fstrings_plain)
    assert ratio < 30, ratio


def test_quick_check_is_linear_in_a_field_it_refuses():
    # A field the plain pattern refuses only at its end ("$"): each name in
    # it must match one way, or the engine tries every split of every name.
    def text(length):
        return "x = f'{" + ("abcdefghijkl"[:length % 12] + "a" * (length - length % 12)) + " + b1 $}'\n" * 50

    short, long = text(12), text(24)
    ratio = best_time(long, read=all_fstrings_plain) / best_time(short, read=all_fstrings_plain)
    assert ratio < 30, ratio
