"""An assignment expression directly in a set (3.9) or a subscript (3.10)
for older targets: FB404 and FB406, the expression in brackets.

``{y := f(x), 2}`` is ``{(y := f(x)), 2}``, and ``a[i := 0]`` is
``a[(i := 0)]``: the brackets change nothing but what older Pythons
accept.  They are written into the tokens, so an f-string's field gets
them too.  What the rewritten modules do is compared with python3.15
running the originals.
"""

import subprocess

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fstring_backport import TranspileError, transpile
from fstring_backport.engine.pipeline import find_problems, find_unlowered
from fstring_backport.engine.prefilter_constructs import may_walrus_unbracketed
from fstring_backport.engine.prefilter_rewrites import may_need_rewriting
from fstring_backport.engine.rewriting import rewrite
from fstring_backport.engine.rules import SET_WALRUS, SUBSCRIPT_WALRUS

from support.hooked import import_through_the_hook
from support.pythons import executable, oracle

# (source, its output for 3.8), each written by hand
REWRITES = [
    ("s = {y := 1, 2}\n", "s = {(y := 1), 2}\n"),
    ("s = {2, y := f(x)}\n", "s = {2, (y := f(x))}\n"),
    ("s = {y := x for x in z}\n", "s = {(y := x) for x in z}\n"),
    ("s = {y := 'a' for x in z}\n", "s = {(y := 'a' )for x in z}\n"),  # a string's bracket goes on the next token
    ("s = {y := lambda a, b=(1, 2): a, 2}\n", "s = {(y := lambda a, b=(1, 2): a), 2}\n"),
    ("s = {y := a if b else c}\n", "s = {(y := a if b else c)}\n"),
    ("v = a[i := 0]\n", "v = a[(i := 0)]\n"),
    ("v = a[i := 0, j := [1]]\n", "v = a[(i := 0), (j := [1])]\n"),
    ("a[i := f(\n    x)] = 1\n", "a[(i := f(\n    x))] = 1\n"),  # lines keep their numbers
    ("s = {y := {z := 1}}\n", "s = {(y := {(z := 1)})}\n"),
    ('print(f"{ {y := 3} }{a[i := 1]!r}")\n', 'print(f"{ {(y := 3)} }{a[(i := 1)]!r}")\n'),
    ("print(f'{a[i := \"k\"]}')\n", "print(f'{a[(i := \"k\")]}')\n"),
]
UNTOUCHED = [
    "s = {(y := 1), 2}\n",
    "s = [y := 1, 2]\n",
    "v = a[(i := 0)]\n",
    "if (n := len(a)) > 1:\n    pass\n",
    "f(a, b := 1)\n",
    "d = {k: (v := 1)}\n",
    '"""{y := 1} in a docstring"""\n# a[i := 0]\n',
]


@pytest.mark.parametrize("source, expected", REWRITES)
def test_the_assignment_gets_brackets_where_it_stands(source, expected):
    assert may_walrus_unbracketed(source.encode()) and may_need_rewriting(source, (3, 8))
    out = transpile(source, "3.8", "m.py")
    assert out == expected
    assert transpile(out, "3.8", "m.py") == out
    assert transpile(source, "3.10") == source  # 3.10 reads both


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_is_bracketed_already_is_left_alone(source):
    assert transpile(source, "3.8") == source
    assert find_problems(source, "3.8") == []


@pytest.mark.parametrize(
    "source", ["print(f'{x:=10}')\n", "print(f'ab{x:=10}')\n", "print(f'{(x:=10)}')\n", "f(a := 1)\n"]
)
def test_a_format_spec_or_a_bracketed_assignment_is_no_alarm(source):
    # 3.8's test_fstring.py: "{x:=10}" is x with the spec "=10"
    assert not may_walrus_unbracketed(source.encode())
    assert transpile(source, "3.8") == source


def test_check_reports_each_where_its_python_is_older():
    source = "s = {y := 1}\nv = a[i := 0]\n"
    assert find_problems(source, "3.8") == [(1, 8, SET_WALRUS), (2, 9, SUBSCRIPT_WALRUS)]
    assert find_problems(source, "3.9") == [(2, 9, SUBSCRIPT_WALRUS)]
    assert find_unlowered(source, "3.8") == []
    assert find_problems(source, "3.10") == []
    assert transpile(source, "3.9") == "s = {y := 1}\nv = a[(i := 0)]\n"


def test_a_target_that_reads_them_keeps_them_on_an_older_host():
    # On 3.8 and 3.9 the safety net must not compile such output: its
    # line holds a rewritten f-string, and the host cannot read the rest.
    source = 'd = {"k": 1}\nx = f"{d["k"]}", d[k := "k"] + 1, {j := 1}\n'
    assert transpile(source, "3.10") == 'd = {"k": 1}\nx = f"{d[\'k\']}", d[k := "k"] + 1, {j := 1}\n'
    assert transpile(source, "3.9") == 'd = {"k": 1}\nx = f"{d[\'k\']}", d[(k := "k")] + 1, {j := 1}\n'


MODULE = '''\
def seen(name, value):
    print("evaluated", name)
    return value


table = {0: "zero", 1: "one", (1, 2): "pair"}
s = {y := seen("a", 1), seen("b", 2)}
print(sorted(s), y)
print(table[i := seen("c", 1)], i)
print(table[i := seen("d", 1), j := seen("e", 2)], i, j)
print(sorted({z := seen("f", x) for x in [3, 4]}), z)
print(f"{ {w := seen('g', 5)} }{table[k := 0]!r:>8}|", w, k)
try:
    print(table[m := seen("h", 9)])
except KeyError as error:
    print("KeyError", error, m)
'''


@pytest.mark.slow  # three interpreters
@pytest.mark.parametrize("version", ["3.8", "3.9", "3.15"])
def test_a_module_assigns_and_prints_as_on_315(version, tmp_path):
    original = tmp_path / "original.py"
    original.write_text(MODULE)
    expected = subprocess.run([oracle(), str(original)], capture_output=True, text=True)
    assert expected.returncode == 0 and expected.stdout.count("evaluated") == 9, expected.stderr
    lowered = tmp_path / "lowered.py"
    lowered.write_text(transpile(MODULE, version if version != "3.15" else "3.8", "m.py"))
    got = subprocess.run([executable(version), str(lowered)], capture_output=True, text=True)
    assert (got.returncode, got.stdout) == (0, expected.stdout), got.stderr


def test_the_hook_lowers_them_on_this_python(tmp_path):
    got = import_through_the_hook(tmp_path, "walrus_pkg", "VALUE = {1: 2}[i := 1], {j := 3}, i, j\n")
    assert (got.returncode, got.stdout) == (0, "(2, {3}, 1, 3)\n"), got.stderr


# The quick check never passes what the full path lowers.
@given(
    st.sampled_from(["s = {", "v = a[", "v = a[b][", "s = {1, ", "print(f'{ {", 'print(f"{a[', "s = {\n    "]),
    st.sampled_from(["y := 1", "y := (1, 2)", "y := 'a,b'", "y := lambda: 1", "y := x for x in z"]),
    st.sampled_from(["", ", 2", "  # c\n"]),
)
def test_the_quick_check_never_passes_what_the_full_path_lowers(opener, item, rest):
    closer = {"{": "}", "[": "]"}[opener.rstrip(" \n,1")[-1]]
    tail = {"print(f'{ {": "} }')", 'print(f"{a[': ']}")'}.get(opener, closer)
    source = f"{opener}{item}{rest}{tail}\n"
    try:
        lowered = rewrite(source, version=(3, 8))
    except TranspileError:
        return  # not Python: the full path says so
    if lowered != source:
        assert may_walrus_unbracketed(source.encode())
