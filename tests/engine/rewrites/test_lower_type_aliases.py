"""The ``type`` statement (PEP 695, 3.12) before 3.12: FB412, lowered to a
call of the runtime's ``type_alias``.

``type X = value`` becomes ``X = type_alias('X', lambda: value)`` in a
module or a function (the alias's name qualified as 3.15 qualifies it,
``'f.<locals>.X'``), for every target before 3.12; ``--check`` reports
it.  Directly in a class body the names the value reads are looked up in
the class first.  With type parameters (FB411), or in a class body with a
value that holds a scope of its own or a mangled name (FB416), it is
named and left.  What the rewritten modules do is compared with python3.15
running the originals, on every interpreter.
"""

import subprocess
import sys

import pytest

from fstring_backport import transpile
from fstring_backport.engine.pipeline import find_problems, find_unlowered
from fstring_backport.engine.prefilter_rewrites import may_need_rewriting
from fstring_backport.engine.rules import TYPE_STATEMENT

from support.hooked import import_through_the_hook
from support.pythons import assert_refused_as_315_does, child_environment, executable, oracle

IMPORT = "from fstring_backport.templatelib import type_alias as _fstring_backport_a"
INLINE = "__import__('fstring_backport.templatelib').templatelib.type_alias"
LOOK_UP = "_fstring_backport_c"
# (source, its output for every target before 3.12), each written by hand
REWRITES = [
    ('"""Doc."""\ntype X = int\n', f"\"\"\"Doc.\"\"\"; {IMPORT}\nX = _fstring_backport_a('X', lambda: int)\n"),
    ("type X = int | None  # a note\n", f"{IMPORT}; X = _fstring_backport_a('X', lambda: int | None)  # a note\n"),
    (
        "x = 1\nif x: type A = list[int]; y = 2\n",
        f"{IMPORT}; x = 1\nif x: A = _fstring_backport_a('A', lambda: list[int]); y = 2\n",
    ),
    (
        "x = 1\ntype  B=(\n    int  # c\n    | str\n)\n",
        f"{IMPORT}; x = 1\nB = _fstring_backport_a('B', lambda:(\n    int  # c\n    | str\n))\n",
    ),
    ("x = 1\ntype C = lambda: (yield)\n", f"{IMPORT}; x = 1\nC = _fstring_backport_a('C', lambda: lambda: (yield))\n"),
    # in a function; in a method of a class (a function's scope)
    (
        "def f():\n    type D = int\n    return D\n",
        f"def f():\n    D = {INLINE}('f.<locals>.D', lambda: int)\n    return D\n",
    ),
    (
        "x = 1\nclass K:\n    def m(self):\n        type E = K\n",
        f"{IMPORT}; x = 1\nclass K:\n    def m(self):\n        E = _fstring_backport_a('K.m.<locals>.E', lambda: K)\n",
    ),
    # directly in a class body: each name looked up in the class first, not
    # attributes, keywords of arguments, strings or __debug__
    (
        "x = 1\nclass K:\n    type F = t.Annotated[T | None, Field(gt=0), 'T', 1, __debug__] ; y = 2\n",
        (
            f"{IMPORT}; x = 1\nclass K:\n    F = _fstring_backport_a('K.F', lambda {LOOK_UP}: {LOOK_UP}('t', lambda: t)"
            f".Annotated[{LOOK_UP}('T', lambda: T) | None, {LOOK_UP}('Field', lambda: Field)(gt=0), 'T', 1, __debug__],"
            " lambda: __class__) ; y = 2\n"
        ),
    ),
]
UNTOUCHED = [
    "type = 1\ntype(x)\nx = type\nx.type = 2\nprint(type == 1)\n",
    '"""A type statement: type X = int."""\n# type X = int\ns = "type X = int"\n',
]
# Named, not lowered: (source, the rule)
NAMED = [
    ("class K:\n    type X = lambda: int\n", "FB416"),
    ("class K:\n    type X = [T for T in ()]\n", "FB416"),
    ("class K:\n    type X = __T\n", "FB416"),
    ("class K:\n    type X = f'{T}'\n", "FB416"),
    ("class K:\n    type X[T] = T\n", "FB411"),
    # where the scope skips the function's names that the class binds, or
    # the declared names, which it does not look for in the class
    ("def f():\n    x = 1\n    class K:\n        type X = x\n        x = 2\n", "FB416"),
    ("class K:\n    global x\n    type X = x\n", "FB416"),
    ("def f():\n    x = 1\n    class K:\n        nonlocal x\n        type X = x\n", "FB416"),
    ("type X[T] = list[T]\n", "FB411"),
]
# What 3.15 refuses: its words and places, not a lambda
ERRORS = [
    "type X = (yield)\n",
    "def f():\n    type X = (yield)\n",
    "type X = (x := 1)\n",
    "async def f():\n    type X = await y\n",
    "type X = await z\n",
    "type X = [x for x in y if (z := 1)]\n",
]
TARGETS = ["3.8", "3.10", "3.11"]


@pytest.mark.parametrize("source, expected", REWRITES)
@pytest.mark.parametrize("target", TARGETS)
def test_the_statement_becomes_a_call_of_the_runtime(source, expected, target):
    assert may_need_rewriting(source) and may_need_rewriting(source.encode())
    out = transpile(source, target, "m.py")
    assert out == expected
    assert transpile(out, target, "m.py") == out
    assert transpile(source, "3.12") is source


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_is_no_type_statement_is_left_alone(source):
    assert transpile(source, "3.8") == source
    assert find_problems(source, "3.8") == []


@pytest.mark.parametrize("source, code", NAMED)
def test_a_type_statement_in_a_class_or_with_parameters_is_named(source, code):
    assert transpile(source, "3.8") == source
    assert code in [rule.code for _, _, rule in find_unlowered(source, "3.11")]
    assert code in [rule.code for _, _, rule in find_problems(source, "3.11")]


def test_a_stub_keeps_its_type_statements():
    """Type checkers read stubs, and know the statement: nothing to lower or report."""
    source = REWRITES[1][0]
    assert transpile(source, "3.8", "m.pyi") == source
    assert find_problems(source, "3.8", "m.pyi") == []


def test_check_reports_fb412_for_every_target_before_312():
    source = REWRITES[2][0]
    for target in TARGETS:
        assert find_problems(source, target) == [(2, 7, TYPE_STATEMENT)]
        assert find_unlowered(source, target) == []
    assert find_problems(source, "3.12") == []


def test_errors_are_315s_words_and_places():
    assert_refused_as_315_does(ERRORS, TARGETS)


# What a program reads of a type alias: its attributes, its value computed
# on first access (and again after a failure), unions, pickling, the errors
# of what an alias refuses; in a module, a function and a method.
MODULE = '''\
import pickle
import sys
import traceback

calls = []


def value():
    calls.append(1)
    return int


type Number = value()
print(type(Number).__name__, Number.__name__, Number.__module__, Number.__type_params__, Number.__parameters__)
print(repr(Number), len(calls))
print(Number.__value__, Number.__value__, len(calls))

type Later = Undefined | None
for attempt in range(2):
    try:
        Later.__value__
    except NameError as error:
        print("NameError", error)
Undefined = str
print(Later.__value__ == (str | None) if sys.version_info >= (3, 10) else "no | before 3.10")

import typing
print(typing.get_args(Number | None), typing.get_args(None | Number))
print(pickle.loads(pickle.dumps(Number)) is Number)
for attempt in (lambda: Number[int], lambda: isinstance(1, Number)):
    try:
        attempt()
    except TypeError:
        print("TypeError")
try:
    class Sub(Number):
        pass
except TypeError as error:
    print("TypeError", error)
try:
    Number.__name__ = "other"
except AttributeError as error:
    print("AttributeError", error)


def scoped(item):
    type Items = (item, item)
    return Items.__value__, Items.__module__, repr(Items), getattr(Items, "__qualname__", "none before 3.15")


print(scoped(int))


class Shapes:
    def alias(self):
        type Shape = Shapes
        return Shape.__value__ is Shapes


print(Shapes().alias())


def line():
    type Broken = 1 / 0
    try:
        Broken.__value__
    except ZeroDivisionError:
        return traceback.extract_tb(sys.exc_info()[2])[-1].lineno


print(line())


# Directly in a class body: the class's names first, in the namespace while
# the body runs, in the class's own dict once it is made; then outside.
T = "global"


class Scoped:
    T = int
    type Now = (T, "T", str, Later)
    Later = bytes
    print("in the body", Now.__value__)
    type After = (T, Later)


Scoped.T = float
print(Scoped.After.__value__, repr(Scoped.After), getattr(Scoped.After, "__qualname__", "none before 3.15"))
try:
    class Missing:
        type M = Nowhere
    Missing.M.__value__
except NameError as error:
    print("NameError", error)


# A name the class binds, read before it does: the module's, as in the
# class body itself.
class Binding:
    type Early = T
    seen = Early.__value__
    T = "class"


print(Binding.seen, Binding.Early.__value__)


looked_up = []  # PyPy reads the namespace again to make the class: counted in the body only


class Namespace(dict):
    def __getitem__(self, name):
        looked_up.append(name)
        return dict.__getitem__(self, name)


class Prepared(type):
    @classmethod
    def __prepare__(cls, name, bases):
        return Namespace()


class Custom(metaclass=Prepared):
    Seen = 1
    type V = Seen
    print(V.__value__, looked_up.count("Seen"))
    def method(self):
        return super().method if False else __class__.__name__


print(Custom.V.__value__, Custom.V.__name__, Custom.V.__module__, Custom().method())
'''


def printed(source: str, target: str, python: str, folder) -> "tuple[str, str]":
    """What python3.15 prints running ``source``, and what ``python``
    prints running it lowered for ``target``; each must run without error."""
    original, lowered = folder / "original.py", folder / "lowered.py"
    original.write_text(source)
    lowered.write_text(transpile(source, target, "m.py"))
    expected = subprocess.run([oracle(), str(original)], capture_output=True, text=True)
    assert expected.returncode == 0, expected.stderr
    got = subprocess.run([python, str(lowered)], capture_output=True, text=True, env=child_environment())
    assert got.returncode == 0, got.stderr
    return expected.stdout, got.stdout


@pytest.mark.slow  # one interpreter each
@pytest.mark.parametrize("version", ["3.8", "3.9", "3.10", "3.11", "3.12", "3.13", "3.14", "pypy3.11"])
def test_a_module_reads_its_aliases_as_on_315(version, tmp_path):
    wanted, got = printed(MODULE, "3.8", executable(version), tmp_path)
    if version in ("3.8", "3.9"):  # no X | Y of classes there, as for any code
        wanted = wanted.replace("True\n(Number", "no | before 3.10\n(Number", 1)
    if version == "3.12":  # 3.12's own TypeAliasType refuses a new attribute in other words
        wanted = wanted.replace(" and no __dict__ for setting new attributes", "")
    if version in ("3.12", "3.13", "3.14"):  # their own TypeAliasType: qualified names are 3.15's
        wanted = wanted.replace("'scoped.<locals>.Items', 'scoped.<locals>.Items'", "'Items', 'none before 3.15'")
        wanted = wanted.replace("Scoped.After Scoped.After", "After none before 3.15")
    assert got == wanted


def test_the_hook_lowers_a_type_statement_on_this_python(tmp_path):
    """Imported through the hook on a Python before 3.12, a ``type``
    statement makes its alias; from 3.12 on the module runs as it is."""
    got = import_through_the_hook(tmp_path, "alias_pkg", "type Pair = tuple[int, int]\nVALUE = Pair.__value__\n")
    if sys.version_info < (3, 9):  # tuple[int, int] is 3.9's, as for any code: the error is the value's
        assert got.returncode == 1 and "TypeError: 'type' object is not subscriptable" in got.stderr, got.stderr
    else:
        assert (got.returncode, got.stdout) == (0, "tuple[int, int]\n"), got.stderr


def test_in_a_class_a_starred_subscript_is_lowered_around_the_names_looked_up(tmp_path):
    """For 3.8-3.10 ``Box[*Ts]`` is lowered too (FB409), around what this
    rewrite writes for ``Ts``; the module prints what 3.15 prints."""
    source = (
        "class Box:\n"
        "    def __class_getitem__(cls, item):\n"
        "        return item\n"
        "Ts = (int, str)\n"
        "class K:\n"
        "    type X = Box[*Ts]\n"
        "    type Y = Box[1:2, *Ts]\n"
        "    Ts = (bytes,)\n"
        "print(K.X.__value__, K.Y.__value__)\n"
    )
    assert "[(*" in transpile(source, "3.10", "m.py")
    expected, got = printed(source, "3.10", sys.executable, tmp_path)
    assert got == expected


def test_the_alias_is_named_as_315_qualifies_it():
    """What python3.15 gives as ``__qualname__`` for each alias of the
    source is the name the call passes (``async def`` and blocks inside
    functions and classes too)."""
    source = (
        "class A:\n"
        "    async def m(self):\n"
        "        type X = int\n"
        "        return X\n"
        "    class B:\n"
        "        if True:\n"
        "            type Y = int\n"
        "def f():\n"
        "    for _ in '1':\n"
        "        type Z = int\n"
        "    return Z\n"
        "import asyncio\n"
        "print(asyncio.run(A().m()).__qualname__, A.B.Y.__qualname__, f().__qualname__)\n"
    )
    names = subprocess.run([oracle(), "-c", source], capture_output=True, text=True, check=True).stdout.split()
    assert names == ["A.m.<locals>.X", "A.B.Y", "f.<locals>.Z"]
    out = transpile(source, "3.11", "m.py")
    assert [f"({name!r}, lambda" in out for name in names] == [True] * 3
