"""Starred annotations of ``*args`` (PEP 646, 3.11) for 3.8-3.10: FB410.

``*args: *Ts`` is annotated with the one item that unpacking ``Ts``
gives, spelled as a comprehension that unpacks it into one name, so that
any other number of items raises the same ValueError.  Lines keep their
numbers.  What the rewritten modules do is compared with python3.15
running the originals.
"""

import subprocess

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fstring_backport import TranspileError, transpile
from fstring_backport.engine.pipeline import find_problems, find_unlowered
from fstring_backport.engine.prefilter_constructs import may_star_in_subscripts
from fstring_backport.engine.prefilter_rewrites import may_need_rewriting
from fstring_backport.engine.rewriting import rewrite
from fstring_backport.engine.rules import STARRED_ANNOTATION

from support.hooked import import_through_the_hook
from support.pythons import assert_refused_as_315_does, executable, oracle

V = "_fstring_backport_v"

# (source, its output for 3.8-3.10), each written by hand
REWRITES = [
    ("def f(*args: *Ts): pass\n", f"def f(*args: [{V} for ({V},) in (Ts,)][0]): pass\n"),
    (
        "class C:\n    def f(self, *a: * tuple[int, ...], k=1) -> None: ...\n",
        f"class C:\n    def f(self, *a: [{V} for ({V},) in ( tuple[int, ...],)][0], k=1) -> None: ...\n",
    ),
    ("def f(*args: *Ts,): pass\n", f"def f(*args: [{V} for ({V},) in (Ts,)][0],): pass\n"),
    ("async def f(a, *args:*Ts, **k): pass\n", f"async def f(a, *args:[{V} for ({V},) in (Ts,)][0], **k): pass\n"),
    ("def f(\n    *args: *Ts,  # c\n): pass\n", f"def f(\n    *args: [{V} for ({V},) in (Ts,)][0],  # c\n): pass\n"),
    ("def f(*args: *a[*b]): pass\n", f"def f(*args: [{V} for ({V},) in (a[(*b,)],)][0]): pass\n"),
]
UNTOUCHED = [
    "def f(*args: int, **kwargs: str): pass\n",
    "def f(*args: Unpack[Ts]): pass\n",
    "lambda *args: args\n",
    '"""def f(*args: *Ts) in a docstring"""\n# def f(*args: *Ts)\n',
]


@pytest.mark.parametrize("source, expected", REWRITES)
@pytest.mark.parametrize("target", ["3.8", "3.10"])
def test_the_annotation_is_the_item_unpacking_gives(source, expected, target):
    assert may_star_in_subscripts(source.encode()) and may_need_rewriting(source.encode(), (3, 10))
    out = transpile(source, target, "m.py")
    assert out == expected
    assert transpile(out, target, "m.py") == out
    assert transpile(source, "3.11") == source  # 3.11 reads them


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_310_reads_is_left_alone(source):
    assert transpile(source, "3.8") == source
    assert find_problems(source, "3.8") == []


def test_check_reports_fb410_before_311_only():
    source = "x = 1\ndef f(*args: *Ts): pass\n"
    assert find_problems(source, "3.8") == [(2, 14, STARRED_ANNOTATION)]
    assert find_problems(source, "3.10") == [(2, 14, STARRED_ANNOTATION)]
    assert find_unlowered(source, "3.8") == []
    assert find_problems(source, "3.11") == []


def test_a_stub_keeps_them():
    source = "def f(*args: *Ts) -> None: ...\n"
    assert transpile(source, "3.8", "m.pyi") == source
    assert find_problems(source, "3.8", "m.pyi") == []


def test_what_315_refuses_gets_its_error():
    assert_refused_as_315_does(
        [
            "def f(**k: *Ts): pass\n",
            "def f(*args: *a, b: *c): pass\n",
            "def f(*args: *Ts := 1): pass\n",
            "def f(*args: *Ts = 1): pass\n",
            "def f(*args: *Ts if a else b): pass\n",
            "def f(*args: *lambda: 1): pass\n",
            "def f(*args: *a or b): pass\n",
            "def f(*args: *a < b): pass\n",
        ],
        targets=("3.8", "3.10"),
    )


# Annotations that show their items; what 3.15 evaluates, and when it
# raises (3.15 evaluates annotations when they are read, 3.8-3.10 at the
# def: each is read right after it).
MODULE = '''\
def seen(name, value):
    print("evaluated", name)
    return value


class Star:
    def __iter__(self):
        print("iterated")
        return iter(["item"])


def f(a, *args: *Star(), b: int = 2) -> None:
    pass


print(f.__annotations__)


class C:
    Ts = [seen("a", "class item")]

    def m(self, *args: *Ts):
        pass


print(C.m.__annotations__)
for bad in [[], [1, 2], None]:
    try:
        def g(*args: *bad):
            pass

        print(g.__annotations__)
    except (ValueError, TypeError) as error:
        print(type(error).__name__, error.args[0].split(" (")[0])
'''


@pytest.mark.slow  # three interpreters
@pytest.mark.parametrize("version", ["3.8", "3.10", "3.15"])
def test_a_module_annotates_as_on_315(version, tmp_path):
    original = tmp_path / "original.py"
    original.write_text(MODULE)
    expected = subprocess.run([oracle(), str(original)], capture_output=True, text=True)
    assert expected.returncode == 0, expected.stderr
    assert "{'args': 'item', 'b': <class 'int'>, 'return': None}" in expected.stdout
    assert "ValueError too many values to unpack" in expected.stdout
    lowered = tmp_path / "lowered.py"
    lowered.write_text(transpile(MODULE, "3.8", "m.py"))
    got = subprocess.run([executable(version), str(lowered)], capture_output=True, text=True)
    assert (got.returncode, got.stdout, got.stderr) == (expected.returncode, expected.stdout, expected.stderr)


def test_the_hook_lowers_them_on_this_python(tmp_path):
    """Imported through the hook, on 3.8 too."""
    source = "def f(*args: *'a'):\n    pass\nVALUE = f.__annotations__\n"
    got = import_through_the_hook(tmp_path, "pep646_annotations", source)
    assert (got.returncode, got.stdout) == (0, "{'args': 'a'}\n"), got.stderr


# The quick check never passes what the full path lowers.
@given(
    st.sampled_from(["", "a, ", "a,\n    ", "self, ", "a: int = 1, ", "a=f(*b), ", "a=(1,\n 2), ", "a='*', "]),
    st.sampled_from(["*args: *Ts", "*a :* Ts", "*args:*tuple[int, ...]", "*args: \\\n *Ts", "*args: *a[*b]"]),
    st.sampled_from(["", ",", ", k=1", ", **kw: int", ",  # c\n"]),
)
def test_the_quick_check_never_passes_what_the_full_path_lowers(before, parameter, after):
    source = f"x = 1\ndef g({before}{parameter}{after}) -> None:\n    pass\n"
    try:
        lowered = rewrite(source, version=(3, 10))
    except TranspileError:
        return  # not Python: the full path says so
    if lowered != source:
        assert may_star_in_subscripts(source.encode())
        assert may_need_rewriting(source, (3, 10))
