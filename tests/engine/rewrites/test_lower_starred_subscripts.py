"""Starred subscripts (PEP 646, 3.11) for 3.8-3.10: FB409.

``a[x, *b]`` subscripts by the tuple ``(x, *b)``, which older targets are
given in brackets, a slice in it as the ``slice`` object 3.15 builds.
Lines keep their numbers.  What the rewritten modules do is compared with
python3.15 running the originals.
"""

import subprocess

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fstring_backport import TranspileError, transpile
from fstring_backport.engine.pipeline import find_problems, find_unlowered
from fstring_backport.engine.prefilter_constructs import may_star_in_subscripts
from fstring_backport.engine.prefilter_rewrites import may_need_rewriting
from fstring_backport.engine.rewrites.lower_starred_subscripts import NO_PLACE
from fstring_backport.engine.rewriting import rewrite
from fstring_backport.engine.rules import STARRED_ANNOTATION, STARRED_SUBSCRIPT

from support.hooked import import_through_the_hook
from support.pythons import assert_refused_as_315_does, executable, oracle

S = "_fstring_backport_s"

# (source, its output for 3.8-3.10), each written by hand
REWRITES = [
    ("a[*b]\n", "a[(*b,)]\n"),
    ("a[*b,]\n", "a[(*b,)]\n"),
    ("a[x, *b]\n", "a[(x, *b)]\n"),
    ("a[*b, x] = 1\n", "a[(*b, x)] = 1\n"),
    ("del a[ * b ]\n", "del a[( * b ,)]\n"),
    ("a[*b] += 1\n", "a[(*b,)] += 1\n"),
    ("x = 1\na[1:2, *b]\n", f"{S} = slice; x = 1\na[({S}(1, 2), *b)]\n"),
    ('"""Doc."""\na[*b, ::2]\n', f'"""Doc."""; {S} = slice\na[(*b, {S}(None, None, 2))]\n'),
    ("x = 1\na[:, x:, :y:, *b]\n", f"{S} = slice; x = 1\na[({S}(None, None), {S}(x, None), {S}(None, y, None), *b)]\n"),
    ("x = 1\na[c : d : e, *b]\n", f"{S} = slice; x = 1\na[({S}(c , d , e), *b)]\n"),
    ("x = 1\na[lambda x, y: x : 2, *b]\n", f"{S} = slice; x = 1\na[({S}(lambda x, y: x , 2), *b)]\n"),
    ("a[*b if c else d]\n", "a[(*(b if c else d),)]\n"),
    ("a[*not b, *c or d]\n", "a[(*(not b), *(c or d))]\n"),
    ("a[lambda: 1, *b]\n", "a[(lambda: 1, *b)]\n"),
    ("a[*a[*b]]\n", "a[(*a[(*b,)],)]\n"),
    ("a[\n    *b,\n    c,\n]\n", "a[(\n    *b,\n    c,\n)]\n"),
    ("x = f'{a[*b]!r}'\n", "x = f'{a[(*b,)]!r}'\n"),
    ('x = f"{a[*b, "k":2]}"\n', f"{S} = slice; x = f\"{{a[(*b,{S}( 'k', 2))]}}\"\n"),
]
UNTOUCHED = [
    "a[b, c]\na[1:2, c]\nf(*a, *b)\n[*a, *b]\nx, *y = z\n",
    "a[(*b,)]\na[[*b]]\na[f(*b)]\n",
    "x = a * b[c * d]\n",
    '"""a[*b] in a docstring"""\n# a[*b]\n',
]


@pytest.mark.parametrize("source, expected", REWRITES)
@pytest.mark.parametrize("target", ["3.8", "3.10"])
def test_the_subscript_gets_its_tuple(source, expected, target):
    assert may_star_in_subscripts(source.encode()) and may_need_rewriting(source.encode(), (3, 10))
    out = transpile(source, target, "m.py")
    if target == "3.8" or "f'" not in source:  # (3.8 lowers that f-string too)
        assert out == expected
    assert transpile(out, target, "m.py") == out
    if 'f"' not in source:  # (3.11 lowers that f-string)
        assert transpile(source, "3.11") == source  # 3.11 reads them


@pytest.mark.parametrize(
    "source, for_38, for_310",
    [
        # with the walrus's brackets (3.8, 3.9), on the comma after a string
        ("a[x:=1, *b]\n", "a[((x:=1), *b)]\n", "a[(x:=1, *b)]\n"),
        ('a[x:="s", *b]\n', 'a[((x:="s"), *b)]\n', 'a[(x:="s", *b)]\n'),
    ],
)
def test_an_assignment_expression_beside_the_star_keeps_its_brackets(source, for_38, for_310):
    assert (transpile(source, "3.8"), transpile(source, "3.10")) == (for_38, for_310)


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_310_reads_is_left_alone(source):
    assert transpile(source, "3.8") == source
    assert find_problems(source, "3.8") == []


def test_a_match_statement_keeps_its_subject_and_its_patterns():
    source = "match [*a, *b]:\n    case [*c] | [1, *c]:\n        pass\n    case [*d], e if f: pass\n"
    assert transpile(source, "3.10") == source
    assert find_problems(source, "3.10") == []


def test_check_reports_fb409_before_311_only():
    source = "x = 1\na[*b]\ndef f(*args: *Ts): pass\n"
    expected = [(2, 3, STARRED_SUBSCRIPT), (3, 14, STARRED_ANNOTATION)]  # (the annotation's, FB410)
    assert find_problems(source, "3.8") == expected
    assert find_problems(source, "3.10") == expected
    assert find_unlowered(source, "3.8") == []
    assert find_problems(source, "3.11") == []


def test_a_stub_keeps_them():
    source = "def f(*args: int) -> tuple[*Ts]: ...\nx: a[1:2, *b]\n"
    assert transpile(source, "3.8", "m.pyi") == source
    assert find_problems(source, "3.8", "m.pyi") == []


def test_a_module_that_shadows_slice_still_gets_slices():
    source = 'slice = None\nclass K:\n    def __getitem__(self, key):\n        return key\nVALUE = K()[1:2, *"a"]\n'
    out = transpile(source, "3.8")
    assert out.startswith(f"{S} = slice; slice = None\n")
    namespace: dict = {}
    exec(out, namespace)
    assert namespace["VALUE"] == (slice(1, 2), "a")


def test_with_no_line_above_the_first_statement_the_slice_type_is_bound_in_front_of_a_later_one():
    source = "if True:\n    pass\nx = 1\na[1:2, *b]\n"
    assert transpile(source, "3.8") == f"if True:\n    pass\n{S} = slice; x = 1\na[({S}(1, 2), *b)]\n"
    with pytest.raises(TranspileError) as info:
        transpile("def f():\n    return a[1:2, *b]\n", "3.8", "m.py")
    assert (info.value.msg, info.value.lineno, info.value.offset) == (NO_PLACE, 2, 19)  # the star
    # no slice, no binding
    assert transpile("def f():\n    return a[1, *b]\n", "3.8") == "def f():\n    return a[(1, *b)]\n"


def test_what_315_refuses_gets_its_error():
    assert_refused_as_315_does(
        [
            "a[*b:c]\n",
            "a[x, *b:c, d]\n",
            "a[*b, c:*d]\n",
            "a[*b, c:d:*e]\n",
            "a[*b, c:d:e:f]\n",
            "a[*b := 1]\n",
            "a[*b, c :=1 :2]\n",
            "a[*b, 1:2 := 1]\n",
            "a[*x[*b:c], *d:e]\n",  # the first, in the inner subscript
        ],
        targets=("3.8", "3.10"),
    )


# Subscripts that show their keys, in every lowered form; what 3.15
# evaluates and in which order.
MODULE = '''\
def seen(name, value):
    print("evaluated", name)
    return value


class Keys:
    def __getitem__(self, key):
        print("get", key)
        return key

    def __setitem__(self, key, value):
        print("set", key, value)

    def __delitem__(self, key):
        print("del", key)


k = Keys()
k[*seen("a", [1, 2])]
k[seen("b", 0), *seen("c", "xy")]
k[seen("d", 1):seen("e", 2), *seen("f", ()), ::seen("g", 3)]
k[*seen("h", [1]), :]
k[*seen("i", [])] = seen("j", 5)
del k[*seen("k", "z"), None:2]
k[*(seen("l", [1]) if seen("m", False) else [2])]
k[*k[*seen("n", [3])]]
print(f"{k[*seen('o', [4]), 5:6]!r}")
print(f"{k[*seen('s', [8]), ::2]=}")  # its debug text as written
k[(w := seen("p", 7)), *[w]]
try:
    k[1, *seen("q", None)]
except TypeError as error:
    print("TypeError")  # its words differ from 3.8's

'''


@pytest.mark.slow  # three interpreters
@pytest.mark.parametrize("version", ["3.8", "3.10", "3.15"])
def test_a_module_subscripts_as_on_315(version, tmp_path):
    original = tmp_path / "original.py"
    original.write_text(MODULE)
    expected = subprocess.run([oracle(), str(original)], capture_output=True, text=True)
    assert expected.returncode == 0, expected.stderr
    assert expected.stdout.count("evaluated") == 17
    assert "get (slice(1, 2, None), slice(None, None, 3))" in expected.stdout
    lowered = tmp_path / "lowered.py"
    lowered.write_text(transpile(MODULE, "3.8", "m.py"))
    got = subprocess.run([executable(version), str(lowered)], capture_output=True, text=True)
    assert (got.returncode, got.stdout, got.stderr) == (expected.returncode, expected.stdout, expected.stderr)


def test_the_hook_lowers_them_on_this_python(tmp_path):
    """Imported through the hook, on 3.8 too."""
    source = "class K:\n    def __getitem__(self, key):\n        return key\nVALUE = K()[0:1, *'ab']\n"
    got = import_through_the_hook(tmp_path, "pep646_pkg", source)
    assert (got.returncode, got.stdout) == (0, "(slice(0, 1, None), 'a', 'b')\n"), got.stderr


# The quick check never passes what the full path lowers.
LEADS = ["", "'a' + ", "'''a\n''' + ", '"""\n""", ', "f'{1}', ", "(1,\n 2), ", "\\\n  ", "lambda: 1, ", "x = "]


@given(
    st.sampled_from(LEADS),
    st.sampled_from(["a[", "a [", "a[x, ", "a[1:2,", "a[\n  ", "d['k'][", "f()[", "a[b][", "(a)["]),
    st.sampled_from(["*b]", "* b]", "*b,]", "*'x,y']", "*[1], c]", "*b if c else d]", "*b, ::2]"]),
)
def test_the_quick_check_never_passes_a_starred_subscript_the_full_path_lowers(lead, opening, rest):
    source = f"def g():\n    return {lead}{opening}{rest}\n"
    _assert_never_passed(source)


def _assert_never_passed(source: str) -> None:
    try:
        lowered = rewrite(source, version=(3, 10))
    except TranspileError:
        return  # not Python: the full path says so
    if lowered != source:
        assert may_star_in_subscripts(source.encode())
        assert may_need_rewriting(source, (3, 10))


def test_a_target_that_reads_them_keeps_them_on_an_older_host():
    # On 3.8 the safety net must not compile such output: its line holds a
    # rewritten f-string, and the host cannot read the rest.
    source = 'd = {"k": 1}\nx = a[*d, f"{d["k"]}"]\n'
    assert transpile(source, "3.11") == 'd = {"k": 1}\nx = a[*d, f"{d[\'k\']}"]\n'
