"""Starred items in a for statement's iterable (3.9) for 3.8: FB405, the
iterable in brackets.

``for x in *a, *b:`` iterates the tuple ``(*a, *b)``, which 3.8 must be
given in brackets.  The brackets go around the iterable where it stands,
so lines keep their numbers.  What the rewritten modules do is compared
with python3.15 running the originals.
"""

import subprocess

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fstring_backport import TranspileError, transpile
from fstring_backport.engine.pipeline import find_problems, find_unlowered
from fstring_backport.engine.prefilter_for_iterables import may_star_for_iterables
from fstring_backport.engine.prefilter_rewrites import may_need_rewriting
from fstring_backport.engine.rewriting import rewrite
from fstring_backport.engine.rules import STARRED_FOR_ITERABLE

from support.hooked import import_through_the_hook
from support.pythons import assert_refused_as_315_does, executable, oracle

# (source, its output for 3.8), each written by hand
REWRITES = [
    ("for x in *a, *b:\n    pass\n", "for x in (*a, *b):\n    pass\n"),
    ("for x in a, *b: pass\n", "for x in (a, *b): pass\n"),
    ("for x in*a,:\n    pass\n", "for x in(*a,):\n    pass\n"),
    (
        "async def f():\n    async for x in *a, b:\n        pass\n",
        "async def f():\n    async for x in (*a, b):\n        pass\n",
    ),
    ("for x in a in b, *c:\n    pass\n", "for x in (a in b, *c):\n    pass\n"),  # the first "in" is the loop's
    ("for x in lambda: 1, *a:  # c\n    pass\n", "for x in (lambda: 1, *a):  # c\n    pass\n"),
    ("for x in \\\n    *a, *b :\n    pass\n", "for x in \\\n    (*a, *b) :\n    pass\n"),
    ("for (x, y) in [1, 2], *c:\n    pass\n", "for (x, y) in ([1, 2], *c):\n    pass\n"),
    ("for x in *a, *b:\n    pass\nelse:\n    pass\n", "for x in (*a, *b):\n    pass\nelse:\n    pass\n"),
]
UNTOUCHED = [
    "for x, *y in a:\n    pass\n",  # the target's star is 3.8's
    "for x in f(*a, *b):\n    pass\n",
    "for x in [*a, *b]:\n    pass\n",
    "for x in (*a, *b):\n    pass\n",
    "[x for x in (*a, *b)]\n",
    '"""for x in *a, *b: in a docstring"""\n# for x in *a, *b:\n',
]


@pytest.mark.parametrize("source, expected", REWRITES)
def test_the_iterable_gets_brackets_where_it_stands(source, expected):
    assert may_star_for_iterables(source) and may_need_rewriting(source) and may_need_rewriting(source.encode())
    out = transpile(source, "3.8", "m.py")
    assert out == expected
    assert transpile(out, "3.8", "m.py") == out
    assert transpile(source, "3.9") == source  # 3.9 reads them


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_holds_no_starred_iterable_is_left_alone(source):
    assert transpile(source, "3.8") == source
    assert find_problems(source, "3.8") == []


def test_check_reports_fb405_for_38_only():
    source = REWRITES[0][0] + REWRITES[1][0]
    assert find_problems(source, "3.8") == [(1, 10, STARRED_FOR_ITERABLE), (3, 13, STARRED_FOR_ITERABLE)]
    assert find_unlowered(source, "3.8") == []
    assert find_problems(source, "3.9") == []


def test_what_315_refuses_gets_its_error():
    assert_refused_as_315_does(["for x in *a:\n    pass\n", "async def f():\n    async for x in *a: pass\n"])


# What to iterate, and a loop over it in every lowered form.
MODULE = '''\
def seen(name, values):
    print("evaluated", name)
    return values


for x in *seen("a", [1, 2]), *seen("b", "xy"):
    print(x)
for x in seen("c", [3]), *seen("d", (4, 5)):
    print(x)
for x in \\
        *seen("e", "ab"), seen("f", 6) :
    print(x)
else:
    print("done")
for x, *rest in seen("g", [[1, 2, 3]]), *[[4]]:
    print(x, rest)
try:
    for x in *seen("h", [1]), *seen("i", None):
        print(x)
except TypeError as error:
    print("TypeError")  # its words differ from 3.8's


async def main():
    try:
        async for x in *seen("j", [7]), 8:  # a tuple: no asynchronous iterable
            print(x)
    except TypeError as error:
        print("TypeError", error)


import asyncio

asyncio.run(main())
'''


@pytest.mark.slow  # two interpreters
@pytest.mark.parametrize("version", ["3.8", "3.15"])
def test_a_module_iterates_as_on_315(version, tmp_path):
    original = tmp_path / "original.py"
    original.write_text(MODULE)
    expected = subprocess.run([oracle(), str(original)], capture_output=True, text=True)
    assert expected.stdout.count("evaluated") == 10
    lowered = tmp_path / "lowered.py"
    lowered.write_text(transpile(MODULE, "3.8", "m.py"))
    got = subprocess.run([executable(version), str(lowered)], capture_output=True, text=True)
    assert (got.returncode, got.stdout, got.stderr) == (expected.returncode, expected.stdout, expected.stderr)


def test_the_hook_lowers_them_on_this_python(tmp_path):
    """Imported through the hook, on 3.8 too."""
    got = import_through_the_hook(tmp_path, "for_pkg", "VALUE = []\nfor x in *'ab', *[1]:\n    VALUE.append(x)\n")
    assert (got.returncode, got.stdout) == (0, "['a', 'b', 1]\n"), got.stderr


# The quick check never passes what the full path lowers.
LEADS = ["", "'a' + ", "'''a\n''' + ", '"""\n""", ', "f'{1}', ", "(1,\n 2), ", "\\\n  ", "lambda: 1, "]


@given(
    st.sampled_from(["for x in ", "for x, *y in ", "async for x in ", "for x in a in "]),
    st.sampled_from(LEADS),
    st.sampled_from(["*a", "* a", "a, *b", "a,*b", "a, \\\n *b", "*'x,y'", "f(*a)", "[*a]", "*a, *b,"]),
    st.sampled_from([":", " :", ":  # c"]),
)
def test_the_quick_check_never_passes_what_the_full_path_lowers(header, lead, items, colon):
    source = f"async def g():\n    {header}{lead}{items}{colon}\n        pass\n"
    try:
        lowered = rewrite(source, version=(3, 8))
    except TranspileError:
        return  # not Python: the full path says so
    if lowered != source:
        assert may_star_for_iterables(source)


def test_a_target_that_reads_them_keeps_them_on_an_older_host():
    # On 3.8 the safety net must not compile such output: its line holds a
    # rewritten f-string, and the host cannot read the rest.
    source = 'd = {"k": 1}\nfor x in *d, f"{d["k"]}":\n    pass\n'
    assert transpile(source, "3.9") == 'd = {"k": 1}\nfor x in *d, f"{d[\'k\']}":\n    pass\n'
