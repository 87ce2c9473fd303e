"""Decorators that are any expression (PEP 614, 3.9) for 3.8: FB403, the
expression passed through a function that returns it.

``@buttons[0].connect`` becomes ``@_fstring_backport_d(buttons[0].connect)``,
the function bound with the temporaries; lines keep their numbers and the
decorators are evaluated and applied in 3.15's order.  What the rewritten
modules do is compared with python3.15 running the originals.
"""

import subprocess

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fstring_backport import TranspileError, transpile
from fstring_backport.engine.pipeline import find_problems, find_unlowered
from fstring_backport.engine.prefilter_constructs import may_relax_decorators
from fstring_backport.engine.prefilter_rewrites import may_need_rewriting
from fstring_backport.engine.rewrites.lower_decorator_expressions import NO_PLACE
from fstring_backport.engine.rewriting import rewrite
from fstring_backport.engine.rules import DECORATOR_EXPRESSION

from support.hooked import import_through_the_hook
from support.pythons import assert_refused_as_315_does, executable, oracle, syntax_errors

D = "_fstring_backport_d"
BINDING = f"{D} = lambda decorator: decorator"

# (source, its output for 3.8), each written by hand
REWRITES = [
    ('"""Doc."""\n@a[0]\ndef f(): pass\n', f'"""Doc."""; {BINDING}\n@{D}(a[0])\ndef f(): pass\n'),
    ("import a\n\n@a.b[0].c\nclass C: pass\n", f"{BINDING}; import a\n\n@{D}(a.b[0].c)\nclass C: pass\n"),
    ("x = 1\n@ (lambda f: f)  # c\ndef f(): pass\n", f"{BINDING}; x = 1\n@ {D}((lambda f: f))  # c\ndef f(): pass\n"),
    ("x = 1\n@a()()\n@b\ndef f(): pass\n", f"{BINDING}; x = 1\n@{D}(a()())\n@b\ndef f(): pass\n"),
    ("x = 1\n@a[\n    0]\ndef f(): pass\n", f"{BINDING}; x = 1\n@{D}(a[\n    0])\ndef f(): pass\n"),
    ("x = 1\n@a if b else c\ndef f(): pass\n", f"{BINDING}; x = 1\n@{D}(a if b else c)\ndef f(): pass\n"),
    ("x = 1\n@x := y\ndef f(): pass\n", f"{BINDING}; x = 1\n@{D}(x := y)\ndef f(): pass\n"),
    ("x = 1\n@lambda f, g=1: f\ndef f(): pass\n", f"{BINDING}; x = 1\n@{D}(lambda f, g=1: f)\ndef f(): pass\n"),
    (
        "x = 1\nclass C:\n    @a.b().c\n    async def f(self): pass\n",
        f"{BINDING}; x = 1\nclass C:\n    @{D}(a.b().c)\n    async def f(self): pass\n",
    ),
    # an f-string that the lowering rewrites, in the decorator
    (
        "x = 1\n@d[f'{x!r:>{w}}']\ndef f(): pass\n",
        f"{BINDING}; x = 1\n@{D}(d[f'{{(\"%r\" % ((x),)):>{{w}}}}'])\ndef f(): pass\n",
    ),
    ("x = 1\n@a \\\n  [0]\ndef f(): pass\n", f"{BINDING}; x = 1\n@{D}(a \\\n  [0])\ndef f(): pass\n"),
    # after a block's end (its DEDENT stands where the "@" does)
    (
        "x = 1\nif x:\n    pass\n@a[0]\ndef f(): pass\n",
        f"{BINDING}; x = 1\nif x:\n    pass\n@{D}(a[0])\ndef f(): pass\n",
    ),
]
UNTOUCHED = [
    "@a\n@a.b.c\n@a.b(c, *d, e=f)\n@ a . b ( )  # c\ndef f(): pass\n",
    "@a(\n    b,\n)\nclass C: pass\n",
    "x = a @ b\nx @= c\n",
    '"""\n@a[0]\n"""\n# @a[0]\n',
]


@pytest.mark.parametrize("source, expected", REWRITES)
def test_the_decorator_is_passed_through_a_function_where_it_stands(source, expected):
    assert may_relax_decorators(source.encode()) and may_need_rewriting(source) and may_need_rewriting(source.encode())
    out = transpile(source, "3.8", "m.py")
    assert out == expected
    assert transpile(out, "3.8", "m.py") == out
    if "f'" not in source:  # (3.9 lowers that f-string too)
        assert transpile(source, "3.9") == source  # 3.9 reads them


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_38_reads_is_left_alone(source):
    assert transpile(source, "3.8") == source
    assert find_problems(source, "3.8") == []


def test_check_reports_fb403_for_38_only():
    source = "import a\n@a[0]\ndef f(): pass\nclass C:\n    @(a)\n    def g(self): pass\n"
    assert find_problems(source, "3.8") == [(2, 1, DECORATOR_EXPRESSION), (5, 5, DECORATOR_EXPRESSION)]
    assert find_unlowered(source, "3.8") == []
    assert find_problems(source, "3.9") == []


def test_a_stub_keeps_them():
    source = "import a\n@a[0]\ndef f() -> None: ...\n"
    assert transpile(source, "3.8", "m.pyi") == source
    assert find_problems(source, "3.8", "m.pyi") == []


def test_with_no_line_above_the_first_statement_it_is_bound_in_front_of_a_later_one():
    source = "def deco(f):\n    return f\nfns = [deco]\n@fns[0]\ndef g(): pass\nx = 1\n"
    expected = f"def deco(f):\n    return f\n{BINDING}; fns = [deco]\n@{D}(fns[0])\ndef g(): pass\nx = 1\n"
    assert transpile(source, "3.8", "m.py") == expected


def test_with_no_statement_before_it_to_take_the_function_it_says_what_to_do():
    """A class body runs before any statement below it."""
    source = "class C:\n    @a[0]\n    def f(self): pass\nx = 1\n"
    with pytest.raises(TranspileError) as info:
        transpile(source, "3.8", "m.py")
    assert (info.value.msg, info.value.lineno, info.value.offset) == (NO_PLACE, 2, 5)
    assert transpile("\n" + source, "3.8", "m.py") == f"{BINDING}\n" + source.replace("@a[0]", f"@{D}(a[0])")


# What a call's brackets would take but 3.15 refuses after "@".
REFUSED = [
    "@a, b", "@a, b = c", "@*a", "@**a", "@yield x", "@a for b in c", "@a async for b in c",
    "@lambda: x, y", "@lambda: x for x in y", "@a = b", "@a = b + c", "@a = (b)", "@a = ((b))", "@a = (b, c)",
    "@a = [b]", "@a = b < c", "@a = b if c else d", "@a = -b", "@a = b = c", "@a = b := c", "@a < b = c",
    "@lambda: 1 = 2", "@a if b else c = d", "@not a = 1", "@True = 1", "@None = 1", "@(a, b) = 1", "@() = 1",
    "@(a for b in c) = 1", "@[a] = 1", "@(a) = 1", "@((a)) = 1", "@a[0] = 1", "@(a)[0] = 1", "@a.b.c = d",
    "@a[0].b = c", "@f()() = 1", "@a.b(c) = d", "@a[0](1) = 2", "@a + b = c", "@a ** b = c", "@-a = 1",
    "@-1 = 2", "@1 = 2", '@"s" = 1', '@"a" "b" = 1', '@f"x" = 1', '@f"{x}{y}" = 1', '@"y" f"x{a}" = 1',
    '@t"x" = 1', "@... = 1", "@{a} = 1", "@{} = 1", "@{a: b} = 1", "@{**a} = 1", "@{a for b in c} = 1",
    "@{a: b for c in d} = 1", "@[a for b in c] = 1", "@await a = 1", "@ = b",
]


@pytest.mark.parametrize("source", ["x = 1\n@\ndef f(): pass\n", "@\n", "\n@"])  # the last found by the lexer's fuzz
def test_an_at_sign_alone_is_refused_where_315_refuses_it(source):
    (wanted,) = syntax_errors(oracle(), [source])
    with pytest.raises(TranspileError) as info:
        transpile(source, "3.8")
    assert [info.value.msg, info.value.lineno, info.value.offset] == wanted[:3]


def test_what_315_refuses_gets_its_error():
    found = assert_refused_as_315_does([f"import x\n{decorator}\ndef f(): pass\n" for decorator in REFUSED])
    assert len({error[0] for error in found}) > 10  # many kinds of message, each 3.15's


# Decorators that say when they are evaluated and applied, in every form.
MODULE = '''\
import asyncio
import traceback

log = []


def deco(name):
    log.append("evaluated " + name)

    def apply(target):
        log.append("applied " + name)
        target.marks = getattr(target, "marks", ()) + (name,)
        return target

    return apply


table = {"a": deco("a"), "b": [deco("b")]}


@table["a"]
@deco("plain")
@table["b"][0]
def f(x=log.append("default") or 1):
    return x


@(lambda g: deco("lambda")(g))
@deco("e") if f() else deco("never")
class C:
    @table["a"]
    def method(self):
        return 1


@chosen := deco("walrus")
def g():
    pass




try:
    @{}["missing"]
    def h():
        pass
except KeyError:
    frames = traceback.extract_tb(__import__("sys").exc_info()[2])
    log.append(("KeyError at line", frames[-1].lineno))


async def main():
    async def make(name):
        return deco(name)

    @await make("awaited")
    def inner():
        pass

    return inner.marks


log.append(asyncio.run(main()))
print(log)
print(f.marks, f.__code__.co_firstlineno, C.marks, C.method.marks, g.marks, chosen is not None)
'''


@pytest.mark.slow  # two interpreters
@pytest.mark.parametrize("version", ["3.8", "3.15"])
def test_a_module_decorates_as_on_315(version, tmp_path):
    original = tmp_path / "original.py"
    original.write_text(MODULE)
    expected = subprocess.run([oracle(), str(original)], capture_output=True, text=True)
    assert expected.returncode == 0 and expected.stdout.count("evaluated") == 7, expected
    lowered = tmp_path / "lowered.py"
    lowered.write_text(transpile(MODULE, "3.8", "m.py"))
    got = subprocess.run([executable(version), str(lowered)], capture_output=True, text=True)
    assert (got.returncode, got.stdout, got.stderr) == (expected.returncode, expected.stdout, expected.stderr)


def test_the_hook_lowers_them_on_this_python(tmp_path):
    """Imported through the hook, on 3.8 too."""
    source = "marks = []\ntable = [marks.append]\n\n@table[0]\ndef f():\n    pass\nVALUE = marks[0].__name__\n"
    got = import_through_the_hook(tmp_path, "decorator_pkg", source)
    assert (got.returncode, got.stdout) == (0, "f\n"), got.stderr


# The quick check never passes what the full path lowers.
@given(
    st.sampled_from(["", "    ", "\t"]),
    st.sampled_from(["a", "a.b", "a.b(c)", "a[0]", "(a)", "a()()", "a().b", "a(\n  b)[0]", "a . b", "a.b(')')"]),
    st.sampled_from(["", "  # c", " \\\n"]),
    st.sampled_from(["'''\n''' ; ", "x = '@a[0]'\n", "", "if x:\n", "class A:\n"]),
)
def test_the_quick_check_never_passes_what_the_full_path_lowers(indent, decorator, after, lead):
    source = f"{lead}{indent}@{decorator}{after}\n{indent}def f(): pass\n"
    try:
        lowered = rewrite("\n" + source, version=(3, 8))
    except TranspileError:
        return  # not Python: the full path says so
    if lowered != "\n" + source:
        assert may_relax_decorators(source.encode())


def test_a_target_that_reads_them_keeps_them_on_an_older_host():
    # On 3.8 the safety net must not compile such output: its line holds a
    # rewritten f-string, and the host cannot read the rest.
    source = 'd = {"k": [print]}\n@d[f"{d["k"]}"[:1] and "k"][0]\ndef f(): pass\n'
    assert transpile(source, "3.9") == 'd = {"k": [print]}\n@d[f"{d[\'k\']}"[:1] and "k"][0]\ndef f(): pass\n'
