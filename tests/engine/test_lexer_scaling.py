"""The lexer and the quick check are one pass: ten times the input takes
about ten times the work.

Work is counted, not timed: the lines and calls that Python runs (a
tracer sees each), which are the same on every run and under any load.  A
lexer that goes back over what it read, or a quick check that reads a
place again, runs more lines per byte as the input grows.  Speed itself is
measured in benchmarks/, side by side with a baseline.
"""

import re
import sys

import pytest

from fstring_backport.engine import prefilter_rewrites
from fstring_backport.engine.lexer import tokenize
from fstring_backport.engine.prefilter_rewrites import may_need_rewriting

pytestmark = pytest.mark.slow  # a tracer over large inputs

UNIT = (
    "def f(a, b={'k': 1}):\n"
    "    '''Doc.'''\n"
    "    return f\"{a!r:>{b['k']}} {f'{a}'} {{x}}\" + r'\\d' + str(0x1F)  # note\n"
    "\n"
)

# Ten times the input: linear is 10 (less, with a fixed cost), quadratic
# about 100.
LINEAR = 12


def work(read, text):
    """The lines, calls and returns Python runs in ``read(text)``, C calls
    (a regular expression's match, a find) included."""
    read(text)  # patterns compiled on first use are not the input's work
    events = 0

    def trace(frame, event, arg):
        nonlocal events
        events += 1
        return trace

    def profile(frame, event, arg):
        nonlocal events
        events += 1

    sys.settrace(trace)
    sys.setprofile(profile)
    try:
        read(text)
    finally:
        sys.setprofile(None)
        sys.settrace(None)
    return events


def growth(read, small, large):
    return work(read, large) / work(read, small)


def test_work_grows_linearly():
    assert growth(tokenize, UNIT * 100, UNIT * 1000) < LINEAR


def test_one_very_long_fstring_is_linear():
    small = "x = f'" + "a{b}" * 500 + "'\n"
    large = "x = f'" + "a{b}" * 5000 + "'\n"
    assert growth(tokenize, small, large) < LINEAR


# Places where an f-string could start but none does, each refused by the
# plain pattern, so that the quick check reads up to each in context.
DECOYS = "s = \"f'{\" + 'x'  # f\"{ f'''{\n" + "t = '%f' % 1; u = '''f\"{'''\n"


def test_quick_check_reads_each_place_once():
    small = DECOYS * 300 + "v = f'{a!r:>8}{b:>{w}}'\n"
    large = DECOYS * 3000 + "v = f'{a!r:>8}{b:>{w}}'\n"
    assert not may_need_rewriting(large)
    assert growth(may_need_rewriting, small, large) < LINEAR


def test_quick_check_lexes_each_fstring_it_refuses_once():
    # Brackets two deep: the plain pattern refuses the field, the lexer
    # reads that f-string alone, and the quick check resumes after it.
    def text(count):
        return "x = f'{" + "abcdefghijkl" * 4 + "[b[c]]}'\n" * count

    assert not may_need_rewriting(text(2))
    assert growth(may_need_rewriting, text(50), text(500)) < LINEAR


@pytest.mark.parametrize("name", ["a", "ab", "abc1", "a_b_c", "x" * 40, "_0" * 20])
def test_a_name_in_a_field_matches_one_way(name):
    # The regular expression engine's own steps cannot be counted; what
    # keeps them linear can be checked: a name that could also be read as
    # two names would let it try every split of every name in a field it
    # refuses (2 to the power of the length).
    one = re.compile(prefilter_rewrites._NAME)
    assert [m.span() for m in one.finditer(name)] == [(0, len(name))]
    assert re.fullmatch("(?:" + prefilter_rewrites._NAME + "){2,}", name) is None
    assert [m.span() for m in re.finditer(prefilter_rewrites._NUMBER, "1" + name)] == []
