"""The t-string runtime, fstring_backport/templatelib.py, against python3.15's string.templatelib.

The differential scripts below use no t-string syntax: python3.15 runs them
against its own ``string.templatelib`` and this interpreter against the
runtime (loaded from its file under another module name, as wheels load
their copies), and the outputs must be equal.  What pure Python cannot do as
3.15 does is listed in the runtime's docstring and checked by
``test_known_differences``: the expected lines there are 3.15's, changed as
that list says.  Then: one class per process however many copies are
loaded, the fallback builder, the ``string.templatelib`` import forms, the
real classes on 3.14 and later, and what importing the runtime costs.
"""

import importlib.util
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Dict, List

import pytest

from support.pythons import oracle

RUNTIME = Path(importlib.util.find_spec("fstring_backport.templatelib").origin)
NATIVE = sys.version_info >= (3, 14)
PYPY = sys.implementation.name == "pypy"

# Loads the runtime from its file under another name (a wheel's copy is
# <package>/_fstring_backport_templatelib.py), as the scripts' first lines.
LOAD = """\
import importlib.util as _u, sys as _s
_spec = _u.spec_from_file_location("_vendored_templatelib", {path!r})
runtime = _u.module_from_spec(_spec)
_s.modules[_spec.name] = runtime
_spec.loader.exec_module(runtime)
"""

# A helper every script starts with: one line per probe, the result's repr or the exception's type and text.
SHOW = '''\
import sys
sys.stdout.reconfigure(encoding="utf-8", errors="backslashreplace")

def show(label, thunk):
    try:
        result = thunk()
    except Exception as error:
        print(label, "->", type(error).__name__ + ":", error)
    else:
        print(label, "->", repr(result))

'''

SCRIPT = SHOW + r'''
import array, collections, collections.abc, copy, decimal, fractions, operator, pickle
import string.templatelib as module
from string.templatelib import Interpolation, Template, convert

class Foo:
    def __repr__(self):
        return "Foo()"

class Outer:
    class Inner:
        def __repr__(self):
            return "Inner()"

class S(str):
    pass

class Liar(str):
    def __eq__(self, other):
        return True
    def __hash__(self):
        return 1
    def __len__(self):
        return 1

class R:
    def __repr__(self):
        return "R!"

i = Interpolation(1, "one", "r", ">3")
j = Interpolation("x", "name")
t = Template("a", i, "b")
u = Template(j)

# names and documentation
for cls in (Template, Interpolation, type(iter(t))):
    show(f"names {cls.__name__}", lambda: (cls.__name__, cls.__qualname__, cls.__module__, cls.__doc__))
    show(f"base {cls.__name__}", lambda: cls.__bases__ == (object,) or cls.__name__ == "TemplateIter")
show("convert names", lambda: (convert.__name__, convert.__qualname__, convert.__module__, convert.__doc__))
show("convert defaults", lambda: (convert.__defaults__, convert.__kwdefaults__, convert.__code__.co_varnames))
show("module", lambda: (module.__name__, module.__doc__))
show("unpickle names", lambda: (module._template_unpickle.__module__, module._template_unpickle.__qualname__))
for name in ("strings", "interpolations", "values"):
    show(f"doc Template.{name}", lambda: getattr(Template, name).__doc__)
for name in ("value", "expression", "conversion", "format_spec"):
    show(f"doc Interpolation.{name}", lambda: getattr(Interpolation, name).__doc__)
show("match_args", lambda: Interpolation.__match_args__)
show("Template match_args", lambda: hasattr(Template, "__match_args__"))
show("init", lambda: (Template.__init__ is object.__init__, Interpolation.__init__ is object.__init__))
show("init call", lambda: (t.__init__(1, 2), i.__init__(x=1)))

# Template(*args)
for args in [
    (), ("",), ("a",), ("a", "b"), ("a", "", "b"), (i,), (i, i), ("a", i), (i, "b"), ("a", "b", i, "c", "d"),
    ("a", i, "b", "c"), (i, "", i), ("", i, ""), (S("x"),), (S("x"), "y"), ("", S("x")), (S("x"), S("y")),
]:
    show(f"Template{args!r}", lambda: Template(*args))
    show(f"Template{args!r} types", lambda: [type(s).__name__ for s in Template(*args).strings])
show("Template keeps the interpolation", lambda: Template(i).interpolations[0] is i)
# Types written in C, which PyPy names otherwise or writes in Python (the test leaves these lines out there).
C_TYPES = (decimal.Decimal(1), collections.OrderedDict(), iter(()), len)

def c_type(obj):
    return "C-type " if any(obj is c for c in C_TYPES) else ""

for bad in (1, b"x", None, True, 1.5, Foo(), Outer.Inner(), fractions.Fraction(1), t, iter(t), type, Template,
            ...) + C_TYPES:
    show(f"{c_type(bad)}Template({type(bad).__name__})", lambda: Template("a", bad))
for bad in C_TYPES:
    show(f"C-type Interpolation(1, {type(bad).__name__})", lambda: Interpolation(1, bad))
    show(f"C-type Interpolation(1, '', {type(bad).__name__})", lambda: Interpolation(1, "", bad))
    show(f"C-type Interpolation(1, '', None, {type(bad).__name__})", lambda: Interpolation(1, "", None, bad))
show("Template(x=1)", lambda: Template(x=1))
show("Template('a', x=1)", lambda: Template("a", x=1))
show("Template(strings=)", lambda: Template(strings=("a",)))
show("__new__ ok", lambda: (Template.__new__(Template), Template.__new__(Template, "a", i)))
show("__new__ keywords", lambda: Template.__new__(Template, x=1))
show("__new__()", lambda: Template.__new__())
show("__new__(1)", lambda: Template.__new__(1))
show("__new__(Interpolation)", lambda: Template.__new__(Interpolation))
show("__new__(object)", lambda: Template.__new__(object))
show("__new__(Foo)", lambda: Template.__new__(Foo))

# Interpolation(...)
for args, keywords in [
    ((1,), {}), ((1, "e"), {}), ((1, "e", "s"), {}), ((1, "e", "a", "f"), {}), ((1, "e", None, ""), {}),
    ((1,), {"expression": "e", "conversion": "r", "format_spec": "x"}), ((), {"value": 1}),
    ((1,), {"format_spec": "x"}), ((1, S("e"), S("r"), S("f")), {}),
    ((), {}), ((1, 2), {}), ((1, "e", 2), {}), ((1, "e", "z"), {}), ((1, "e", "rr"), {}), ((1, "e", ""), {}),
    ((1, "e", "\ud800"), {}), ((1, "e", Liar("zz")), {}), ((1, "e", None, 3), {}), ((1, "e", None, None), {}),
    ((1, None), {}), ((1, Foo()), {}), ((1, Outer.Inner()), {}), ((1, fractions.Fraction(1)), {}),
    ((1, "", Foo()), {}), ((1, "", Outer.Inner()), {}), ((1, "", fractions.Fraction(1)), {}),
    ((1, "", None, Foo()), {}), ((1, "", "x", Foo()), {}), ((1, 2, "x"), {}),
    ((1, "e", None, "", 5), {}), ((1, 2, 3, 4, 5), {"foo": 1}), ((), {"foo": 1}), ((1,), {"foo": 1}),
    ((1,), {"value": 2}), ((1, "e"), {"expression": "x"}), ((), {"expression": "x"}),
    ((1, "a", "r", ""), {"format_spec": "x"}), ((1, "a"), {"conversion": "r", "format_spec": 2}),
    ((1,), {"format_spec": "x", "conversion": "q"}), ((1,), {"format_spec": 2, "expression": 3}),
    ((), {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5}), ((1, 2, 3, 4), {"e": 5}),
    ((1,), {"expression": "e", "bar": 1}), ((), {"bar": 1, "value": 1}), ((1,), {"value": 1, "bar": 1}),
]:
    show(f"Interpolation{args!r} {keywords!r}", lambda: Interpolation(*args, **keywords))
show("conversion type", lambda: type(Interpolation(1, S("e"), S("r"), S("f")).conversion).__name__)
show("Interpolation.__new__()", lambda: Interpolation.__new__())
show("Interpolation.__new__(1, 1)", lambda: Interpolation.__new__(1, 1))
show("Interpolation.__new__(Template, 1)", lambda: Interpolation.__new__(Template, 1))
show("Interpolation.__new__(int, 1)", lambda: Interpolation.__new__(int, 1))
show("Interpolation.__new__ ok", lambda: Interpolation.__new__(Interpolation, 1, "x"))

# attributes, repr, str, format
show("fields", lambda: (i.value, i.expression, i.conversion, i.format_spec))
show("strings", lambda: (t.strings, t.interpolations, t.values, u.values, Template().values))
show("identity", lambda: (t.strings is t.strings, t.interpolations is t.interpolations,
                          t.interpolations[0] is t.interpolations[0], t.values is t.values))
show("repr", lambda: (repr(Interpolation(R(), "e")), repr(Template(Interpolation(R(), "e")))))
show("repr nested", lambda: repr(Template("x", Interpolation(t, "t"))))
show("repr subclass", lambda: repr(Interpolation(S("x"), S("y"))))
show("str", lambda: (str(t) == repr(t), str(i) == repr(i), format(t, "") == repr(t), f"{i}" == repr(i)))
show("format(t, 'x')", lambda: format(t, "x"))
show("format(i, 'x')", lambda: format(i, "x"))
show("isinstance", lambda: (isinstance(i, tuple), isinstance(t, collections.abc.Iterable),
                            isinstance(t, collections.abc.Sequence), isinstance(t, collections.abc.Hashable),
                            isinstance(i, collections.abc.Hashable)))
show("comparison", lambda: (t == t, t == Template("a", i, "b"), t != t, i == Interpolation(1, "one", "r", ">3"),
                            hash(t) == object.__hash__(t), hash(i) == object.__hash__(i)))
show("getstate", lambda: (t.__getstate__(), i.__getstate__(), iter(t).__getstate__()))
show("generic", lambda: (repr(Template[int]), repr(Interpolation[int]), repr(Template[int, str]),
                         repr(Template[()]), repr(Template[...]), repr(Template[int, ...]), repr(Template[Template])))
show("generic parts", lambda: (Template[int].__origin__ is Template, Template[int].__args__,
                               Template[int, str].__args__, Template[int] == Template[int]))
show("generic call", lambda: Template[int]("x"))

# iteration
for template in (t, u, Template(), Template(""), Template("", i, "", i, ""), Template(i, i), Template("a", "b")):
    show(f"list({template!r})", lambda: list(template))
it = iter(Template(Interpolation(1), "", Interpolation(2)))
show("iter is itself", lambda: iter(it) is it)
show("next", lambda: [next(it), next(it)])
show("exhausted", lambda: next(it))
show("exhausted again", lambda: next(it))
show("list again", lambda: list(it))
show("iterator abc", lambda: (isinstance(it, collections.abc.Iterator), isinstance(it, collections.abc.Iterable)))
show("length_hint", lambda: operator.length_hint(iter(t)))
show("TemplateIter()", lambda: type(it)())
show("TemplateIter.__new__", lambda: type(it).__new__(type(it)))
for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
    show(f"pickle iterator {protocol}", lambda: pickle.dumps(iter(t), protocol))
    show(f"iterator reduce_ex {protocol}", lambda: iter(t).__reduce_ex__(protocol))
show("iterator reduce", lambda: iter(t).__reduce__())
show("copy iterator", lambda: copy.copy(iter(t)))

# +
class RaddNo:
    def __radd__(self, other):
        print("RaddNo.__radd__", type(other).__name__)
        return NotImplemented

class RaddYes:
    def __radd__(self, other):
        print("RaddYes.__radd__", type(other).__name__)
        return 42

class AddNo:
    def __add__(self, other):
        print("AddNo.__add__", type(other).__name__)
        return NotImplemented

class SB(bytes):
    pass

class SL(list):
    pass

show("t + t", lambda: t + t)
show("t + u", lambda: (t + u, (t + u).interpolations[1] is j))
show("() + ()", lambda: Template() + Template())
show("Template.__add__", lambda: Template.__add__(t, t))
show("sum", lambda: sum([t, u], Template()))
for right in ("x", S("x"), 1, None, 1.5, b"x", [], (), i, decimal.Decimal(1), fractions.Fraction(1), Foo(),
              Outer.Inner(), RaddNo(), RaddYes(), AddNo(), iter(t), object()):
    show(f"t + {type(right).__name__}", lambda: t + right)
show("t.__add__('x')", lambda: t.__add__("x"))
show("t.__add__(1)", lambda: t.__add__(1))
for left in ("x", S("x"), 1, None, 1.5, True, b"x", SB(b"x"), bytearray(), (), (1,), i, fractions.Fraction(1),
             Foo(), Outer.Inner(), AddNo(), iter(t), object(), memoryview(b""), array.array("b"), {}, Template,
             ...) + C_TYPES:
    show(f"{c_type(left)}{type(left).__name__} + t", lambda: left + t)

def augmented(start, other):
    value = start
    value += other
    return value

for start in ([1], SL([1]), collections.deque([1]), "x", bytearray(), (1,), t):
    show(f"{type(start).__name__} += t", lambda: augmented(start, t))
show("t += 'x'", lambda: augmented(t, "x"))
show("sum([t])", lambda: sum([t]))

# immutability
for obj in (t, i):
    for name in ("strings", "interpolations", "values", "value", "expression", "conversion", "format_spec",
                 "__class__", "__doc__", "__repr__", "__hash__", "__module__", "__match_args__", "__dict__",
                 "__slots__", "foo", "__weakref__", "__init__", "__reduce__", "__class_getitem__", "__getstate__",
                 "__add__", "__iter__", "__radd__", "__setattr__"):
        label = f"{type(obj).__name__}.{name}"
        for value in (1, Foo):
            show(f"set {label} = {value!r}"[:60], lambda: setattr(obj, name, value))
        show(f"del {label}", lambda: delattr(obj, name))
        try:
            setattr(obj, name, 1)
        except AttributeError as error:
            print(f"{label} error name, obj:", getattr(error, "name", None), getattr(error, "obj", None) is obj)
        except TypeError:
            pass
show("__setattr__(1)", lambda: t.__setattr__(1, 2))
show("__delattr__(1)", lambda: t.__delattr__(1))
show("object.__setattr__ strings", lambda: object.__setattr__(t, "strings", ()))
show("object.__setattr__ value", lambda: object.__setattr__(i, "value", 2))
show("object.__delattr__ value", lambda: object.__delattr__(i, "value"))
show("object.__setattr__ values", lambda: object.__setattr__(t, "values", ()))
show("descriptor set strings", lambda: Template.strings.__set__(t, ()))
show("descriptor set values", lambda: Template.values.__set__(t, ()))
show("descriptor set value", lambda: Interpolation.value.__set__(i, 2))
show("descriptor delete value", lambda: Interpolation.value.__delete__(i))
show("still", lambda: (t, i))
show("vars", lambda: vars(t))

# subclassing
for base in (Template, Interpolation, type(iter(t))):
    def subclass():
        class Sub(base):
            pass
    show(f"subclass {base.__name__}", subclass)
    show(f"type() subclass {base.__name__}", lambda: type("Sub", (base,), {}))
    show(f"two bases {base.__name__}", lambda: type("Sub", (Foo, base), {}))

# pickle and copy
samples = [
    Template(), Template("a"), Template("No values"), t, u, Template("a", Interpolation(1 / 3, "x", None, ".2f")),
    Template(Interpolation("Nikita", "name", None, "")), Template("a", Interpolation("Nikita", "name", "r", "")),
    Template(i, i), i, j, Interpolation(1 / 3, "x", None, ".2f"), Interpolation(None, "", "a", ""),
    Template("x", Interpolation(Template("y", j), "inner")),
]
for number, sample in enumerate(samples):
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        data = pickle.dumps(sample, protocol)
        print(f"pickle {number} {protocol} ->", data.hex())
        show(f"unpickled {number} {protocol}", lambda: pickle.loads(data))
    shared = pickle.loads(pickle.dumps([sample, sample]))
    show(f"pickle {number} shared", lambda: shared[0] is shared[1])
    show(f"copy {number}", lambda: (copy.copy(sample), copy.copy(sample) is sample))
    show(f"deepcopy {number}", lambda: (copy.deepcopy(sample), copy.deepcopy(sample) is sample))
reduced = t.__reduce__()
show("reduce", lambda: (reduced[0].__module__, reduced[0].__qualname__, reduced[0] is module._template_unpickle,
                        reduced[1]))
show("reduce_ex", lambda: t.__reduce_ex__(2)[1] == reduced[1])
show("interpolation reduce", lambda: (i.__reduce__(), i.__reduce_ex__(0), i.__reduce__()[0] is Interpolation))
show("copy identity", lambda: (copy.copy(t).interpolations[0] is i, copy.deepcopy(t).interpolations[0] is i))
show("deepcopy value", lambda: (copy.deepcopy(Interpolation([1])).value, copy.deepcopy(Interpolation([1])).value))
value = [1]
show("deepcopy value identity", lambda: copy.deepcopy(Interpolation(value)).value is value)
for args in [(), ((), ()), (("a",), ()), (("a", "b", "c"), (i,)), (("a",), (i, i)), ((None, "b"), (i,)), (1, 2, 3)]:
    show(f"_template_unpickle{args!r}", lambda: module._template_unpickle(*args))

# convert
for obj in ("Café", None, 3.14, fractions.Fraction(1, 2), R()):
    for conversion in (None, "r", "s", "a", "z", 1, "", "\ud800", b"r", S("r"), Liar("zz")):
        show(f"convert({obj!r}, {conversion!r})", lambda: convert(obj, conversion))
show("convert(Foo())", lambda: convert(1, Foo()))
show("convert keywords", lambda: convert(obj=1, conversion=None))
show("convert(conversion=)", lambda: convert(1, conversion="r"))
show("convert(1)", lambda: convert(1))
show("convert()", lambda: convert())
show("convert 3", lambda: convert(1, "r", 2))
show("convert twice", lambda: convert(1, "r", conversion="s"))
show("convert x=", lambda: convert(1, "s", x=1))
'''

# Pattern matching, from 3.10: a snippet of its own, so that SCRIPT compiles on 3.8.
MATCH = SHOW + """
from string.templatelib import Interpolation, Template

def describe(part):
    match part:
        case str() as text:
            return f"str {text!r}"
        case Interpolation(value, expression, conversion, format_spec):
            return f"interpolation {value!r} {expression!r} {conversion!r} {format_spec!r}"
        case _:
            return "other"

def keywords(part):
    match part:
        case Interpolation(value=1, conversion="r" as conversion):
            return ("one", conversion)
        case Interpolation(value=value, expression=expression):
            return ("any", value, expression)
        case Template(strings=("a", *rest), interpolations=found):
            return ("template", rest, found)
        case _:
            return None

t = Template("a", Interpolation(1, "one", "r", ">3"), "b", Interpolation("x", "name"))
show("describe", lambda: [describe(part) for part in t])
show("keywords", lambda: [keywords(part) for part in (*t, t, Template("b"))])
"""

# Loads pickles given as hex lines on standard input.
LOADER = """
import pickle, sys
for line in sys.stdin:
    data = bytes.fromhex(line.strip())
    loaded = pickle.loads(data)
    print(type(loaded).__module__, type(loaded).__name__, repr(loaded))
"""


def run(python: str, script: str, stdin: str = "") -> str:
    completed = subprocess.run(
        [python, "-c", script],
        input=stdin,
        capture_output=True,
        encoding="utf-8",
        errors="backslashreplace",
    )
    assert completed.returncode == 0, completed.stderr
    return completed.stdout


def ours(script: str, stdin: str = "") -> str:
    """The script's output on this interpreter, string.templatelib being the runtime below 3.14."""
    return run(sys.executable, LOAD.format(path=str(RUNTIME)) + script, stdin)


def theirs(script: str, stdin: str = "") -> str:
    return run(oracle(), script, stdin)


def assert_same_lines(expected: str, actual: str) -> None:
    """Line by line, so that a failure names the probe."""
    expected_lines = expected.splitlines()
    actual_lines = actual.splitlines()
    for number, (want, got) in enumerate(zip(expected_lines, actual_lines)):
        assert got == want, f"line {number + 1}"
    assert len(actual_lines) == len(expected_lines)


@pytest.fixture(scope="module")
def outputs() -> Dict[str, str]:
    return {"theirs": theirs(SCRIPT), "ours": ours(SCRIPT)}


def test_the_api_behaves_as_315s(outputs):
    assert "pickle 0 0 -> " in outputs["theirs"]  # the script ran to its end
    expected, actual = outputs["theirs"], outputs["ours"]
    if PYPY:  # PyPy's own names for C types (sequenceiterator, builtin_function; Decimal is a class there)
        expected, actual = (re.sub(r"(?m)^C-type .*\n", "", text) for text in (expected, actual))
    assert_same_lines(expected, actual)


@pytest.mark.skipif(sys.version_info < (3, 10), reason="pattern matching is Python 3.10 syntax")
def test_pattern_matching():
    expected = theirs(MATCH)
    assert "interpolation 1 'one' 'r' '>3'" in expected
    assert ours(MATCH) == expected


def _pickles(output: str) -> List[str]:
    return re.findall(r"(?m)^pickle \d+ \d+ -> ([0-9a-f]+)$", output)


def test_pickles_load_across(outputs):
    """3.15's pickles load here, and this interpreter's load on 3.15, to the same objects."""
    their_pickles = _pickles(outputs["theirs"])
    our_pickles = _pickles(outputs["ours"])
    assert len(their_pickles) == len(our_pickles) > 50
    loaded_here = ours(LOADER, "\n".join(their_pickles))
    loaded_there = theirs(LOADER, "\n".join(our_pickles))
    assert loaded_here == loaded_there
    assert loaded_here.count("string.templatelib Template Template(strings=") > 30


# -- What the runtime documents as different -----------------------------------

DIFFERENCES = SHOW + r"""
import collections, operator, weakref
import string.templatelib as module
from string.templatelib import Interpolation, Template

i = Interpolation(1, "one", "r", ">3")
t = Template("a", i, "b")
show("len", lambda: len(t))
show("index", lambda: t[0])
show("order", lambda: t < t)
show("missing", lambda: t.foo)
show("missing interpolation", lambda: i.foo)
show("negative", lambda: -t)
show("times", lambda: t * 2)
show("interpolations", lambda: i + i)
show("weakref", lambda: weakref.ref(t))
show("list + t", lambda: [] + t)
show("deque + t", lambda: collections.deque() + t)
show("str.__add__", lambda: "x".__add__(t))
show("operator.concat", lambda: operator.concat(t, t))
show("dir", lambda: sorted(set(dir(Template)) - set(dir(object))))
show("dir interpolation", lambda: sorted(set(dir(Interpolation)) - set(dir(object))))
show("dir iterator", lambda: sorted(set(dir(type(iter(t)))) - set(dir(object))))
show("module names", lambda: sorted(name for name in vars(module) if not name.startswith("__")))
show("__all__", lambda: module.__all__)
show("instance __module__", lambda: t.__module__)
show("radd", lambda: Template.__radd__.__name__)
show("keywords", lambda: Template(**{}))
show("descriptor types", lambda: (type(Template.strings).__name__, type(Template.values).__name__))
show("filter", lambda: isinstance(iter(t), filter))
show("class attribute", lambda: setattr(Template, "foo", 1))
show("unbound", lambda: Template.__repr__(i))
"""

DIFFERENCES_MATCH = SHOW + """
from string.templatelib import Template

def positional(value):
    match value:
        case Template(1):
            return True

show("positional", lambda: positional(Template()))
"""

# object has no __getstate__ before 3.11: the classes' own is then new to dir().
GETSTATE = "'__getstate__', " if sys.version_info < (3, 11) else ""

# What the runtime gives below 3.14, from 3.15's line (the docstring's list).
CHANGED = {
    "dir": lambda line: line.replace(
        "'__class_getitem__', '__iter__', ", f"'__class_getitem__', {GETSTATE}'__iter__', '__module__', '__radd__', "
    ),
    "dir interpolation": lambda line: line.replace(
        "'__match_args__', ", f"{GETSTATE}'__match_args__', '__module__', "
    ),
    "dir iterator": lambda line: line.replace("['__iter__', ", f"[{GETSTATE}'__iter__', '__module__', "),
    "module names": lambda line: line.replace("'Template', ", "'Template', '_fstring_backport_build_1', "),
    "__all__": lambda line: "__all__ -> ['Template', 'Interpolation', 'convert']",
    "instance __module__": lambda line: "instance __module__ -> 'string.templatelib'",
    "radd": lambda line: "radd -> '__radd__'",
    "keywords": lambda line: "keywords -> Template(strings=('',), interpolations=())",
    "descriptor types": lambda line: "descriptor types -> ('property', 'property')",
    "filter": lambda line: "filter -> True",
    "class attribute": lambda line: "class attribute -> None",
    "operator.concat": lambda line: "operator.concat -> TypeError: 'Template' object can't be concatenated",
    "unbound": lambda line: "unbound -> TypeError: descriptor '_fstring_backport_state' for 'Template'"
    " objects doesn't apply to a 'Interpolation' object",
    # the interpreter's own messages name the classes as type.__name__
    "*": lambda line: line.replace("string.templatelib.", ""),
}


def _changed(expected: str) -> List[str]:
    lines = []
    for line in expected.splitlines():
        label = line.split(" -> ")[0]
        change = CHANGED.get(label, CHANGED["*"])
        lines.append(change(line))
    return lines


@pytest.mark.parametrize("script", [DIFFERENCES, DIFFERENCES_MATCH], ids=["api", "match"])
def test_known_differences(script):
    if script is DIFFERENCES_MATCH and sys.version_info < (3, 10):
        pytest.skip("pattern matching is Python 3.10 syntax")
    expected = theirs(script)
    actual = ours(script)
    if NATIVE:  # the real classes
        assert actual == expected
        return
    assert expected.count(" -> ") == len(expected.splitlines()) > 0
    for want, got in zip(_changed(expected), actual.splitlines()):
        label = want.split(" -> ")[0]
        if PYPY and re.match(r"[^>]* -> \w+Error: ", want):
            # PyPy words the interpreter's own messages its own way: the exception's type is compared.  And
            # any object can be weakly referenced there, and its str.__add__ declines other types.
            want = {"weakref": "weakref -> <weakref", "str.__add__": "str.__add__ -> NotImplemented"}.get(
                label, want.split(":")[0]
            )
            got = got[: len(want)]
        assert got == want, label
    assert len(actual.splitlines()) == len(expected.splitlines())


# -- One Template class per process ---------------------------------------------


def _copies(tmp_path: Path, *names: str) -> Path:
    """The runtime's file copied under each name, as wheels vendor it."""
    for name in names:
        shutil.copyfile(str(RUNTIME), str(tmp_path / f"{name}.py"))
    return tmp_path


def _run_in(folder: Path, script: str, python: str = sys.executable) -> str:
    return run(python, f"import sys\nsys.path.insert(0, {str(folder)!r})\n" + textwrap.dedent(script))


def _run_beside_a_copy(tmp_path: Path, script: str) -> str:
    """``script``'s output, run beside one copy of the runtime, ``runtime_copy``."""
    return _run_in(_copies(tmp_path, "runtime_copy"), script)


def test_one_class_however_many_copies(tmp_path):
    folder = _copies(tmp_path, "first_copy", "_fstring_backport_templatelib")
    out = _run_in(
        folder,
        """
        import first_copy
        import _fstring_backport_templatelib as second
        import string.templatelib
        from string.templatelib import Template, Interpolation, convert
        registered = sys.modules["string.templatelib"]
        assert second.Template is first_copy.Template is Template is string.templatelib.Template
        assert second.Interpolation is first_copy.Interpolation is Interpolation
        assert second.convert is first_copy.convert is convert
        t = second.build("Hi ", ("x", "name", "r", ">3"), "!")
        assert type(t) is first_copy.Template and type(t.interpolations[0]) is Interpolation
        assert repr(t) == "Template(strings=('Hi ', '!'), interpolations=(Interpolation('x', 'name', 'r', '>3'),))"
        if sys.version_info >= (3, 14):
            assert Template is type(eval('t""'))
            assert not hasattr(registered, "_fstring_backport_build_1")
            print("native")
        else:
            assert second.build is first_copy.build is registered._fstring_backport_build_1
            assert registered is not first_copy and registered is not second
            assert sorted(n for n in vars(registered) if not n.startswith("__")) == [
                "Interpolation", "Template", "_fstring_backport_build_1", "_template_unpickle", "convert"]
            assert registered.__all__ == ["Template", "Interpolation", "convert"]
            assert registered.__name__ == "string.templatelib"
            assert Template.__module__ == Interpolation.__module__ == convert.__module__ == "string.templatelib"
            import importlib.util
            assert importlib.util.find_spec("string.templatelib").name == "string.templatelib"
            print("registered")
        """,
    )
    assert out == ("native\n" if NATIVE else "registered\n")


def test_import_forms_after_loading(tmp_path):
    """Each way of importing string.templatelib, in a process where only the runtime was imported."""
    folder = _copies(tmp_path, "runtime_copy")
    for statement, name in [
        ("import string.templatelib", "string.templatelib.Template"),
        ("import string.templatelib as tl", "tl.Template"),
        ("from string.templatelib import Template", "Template"),
        ("from string import templatelib", "templatelib.Template"),
        ("import string", "string.templatelib.Template"),
    ]:
        out = _run_in(
            folder,
            f"""
            import runtime_copy
            {statement}
            print({name} is runtime_copy.Template, {name}.__name__)
            """,
        )
        assert out == "True Template\n", statement


# 3.14 and later register nothing: string.templatelib is the real module.
registers_only_before_314 = pytest.mark.skipif(NATIVE, reason="string.templatelib is the real module")


@registers_only_before_314
def test_the_generic_builder_without_the_private_one(tmp_path):
    """A registrant without _fstring_backport_build_1 (another layout): later copies build through the constructors."""
    folder = _copies(tmp_path, "first_copy", "second_copy")
    out = _run_in(
        folder,
        """
        import first_copy
        del sys.modules["string.templatelib"]._fstring_backport_build_1
        import second_copy
        assert second_copy.build is second_copy._build_generic
        assert second_copy.Template is first_copy.Template
        for parts in [
            ("",), ("a",), ("a", (1, "x", None, ""), "b"), ("", (1, "x", "r", ">3"), "", (2, "y", "a", ""), ""),
        ]:
            built = second_copy.build(*parts)
            expected = first_copy.build(*parts)
            assert type(built) is first_copy.Template
            assert repr(built) == repr(expected), (built, expected)
        print("generic")
        """,
    )
    assert out == "generic\n"


@registers_only_before_314
def test_a_foreign_registrant(tmp_path):
    """Another library's string.templatelib (future-tstrings registers one): its classes, built through them."""
    out = _run_beside_a_copy(
        tmp_path,
        """
        import types
        from typing import NamedTuple

        class Interpolation(NamedTuple):
            value: object
            expression: str
            conversion: object
            format_spec: str

        class Template:
            def __init__(self, *args):
                self.args = args

        foreign = types.ModuleType("string.templatelib")
        foreign.Template, foreign.Interpolation, foreign.convert = Template, Interpolation, len
        sys.modules["string.templatelib"] = foreign
        import runtime_copy
        assert runtime_copy.Template is Template and runtime_copy.convert is len
        built = runtime_copy.build("a", (1, "x", None, ""), "b")
        assert type(built) is Template and built.args == ("a", Interpolation(1, "x", None, ""), "b")
        import string
        assert string.templatelib is foreign
        print("foreign")
        """,
    )
    assert out == "foreign\n"


@registers_only_before_314
def test_a_registrant_without_the_names_is_left_alone(tmp_path):
    out = _run_beside_a_copy(
        tmp_path,
        """
        import types
        sys.modules["string.templatelib"] = empty = types.ModuleType("string.templatelib")
        import runtime_copy
        assert runtime_copy.Template.__module__ == "string.templatelib"
        assert type(runtime_copy.build("a")) is runtime_copy.Template
        assert sys.modules["string.templatelib"] is empty
        print("kept")
        """,
    )
    assert out == "kept\n"


@pytest.mark.slow  # threads, a few hundred rounds
def test_racing_threads_agree(tmp_path):
    """Copies loaded from several threads at once register one class; a Template's first use from several
    threads at once gives every thread the same Interpolation objects."""
    folder = _copies(tmp_path, *[f"copy_{n}" for n in range(8)])
    out = _run_in(
        folder,
        """
        import importlib, threading
        sys.setswitchinterval(1e-6)
        modules = [None] * 8
        barrier = threading.Barrier(8)

        def load(n):
            barrier.wait()
            modules[n] = importlib.import_module(f"copy_{n}")

        threads = [threading.Thread(target=load, args=(n,)) for n in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len({id(module.Template) for module in modules}) == 1
        build = modules[0].build
        races = 0
        # 300 rounds, and more (up to 3,000) until two threads have been
        # seen making the objects at once: a busy machine may schedule the
        # threads one after another for a long time.
        for rounds in range(3000):
            if rounds >= 300 and (races or sys.version_info >= (3, 14)):
                break
            t = build("a", (1, "x", None, ""), "b", (2, "y", None, ""), "c")
            seen = [None] * 8
            barrier = threading.Barrier(8)

            def use(n):
                barrier.wait()
                seen[n] = (t.interpolations, list(t), t.strings)

            threads = [threading.Thread(target=use, args=(n,)) for n in range(8)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            first = seen[0]
            for other in seen:
                assert all(a is b for a, b in zip(first[0], other[0]))
                assert all(a is b for a, b in zip(first[1], other[1]))
                assert other[2] is first[2]
            if sys.version_info < (3, 14):  # more than one thread made the objects?
                races += len(build.__globals__["_get_state"](t)) > 4
        assert races or sys.version_info >= (3, 14), "no two threads made a Template's objects at once"
        print("agreed")
        """,
    )
    assert out == "agreed\n"


# -- 3.14 and later ------------------------------------------------------------


def test_the_real_names_on_315(tmp_path):
    """Under python3.15 the runtime's names are string.templatelib's and build makes real Templates."""
    folder = _copies(tmp_path, "_fstring_backport_templatelib")
    out = _run_in(
        folder,
        """
        import string.templatelib as real
        import _fstring_backport_templatelib as runtime
        assert runtime.Template is real.Template and runtime.Interpolation is real.Interpolation
        assert runtime.convert is real.convert
        assert sys.modules["string.templatelib"] is real
        name, w = "World", 6
        built = runtime.build("Hi ", ((name), "name", "r", f">{w}"), "!")
        native = t"Hi {name!r:>{w}}!"
        assert type(built) is real.Template
        assert repr(built) == repr(native), (built, native)
        for parts in [("",), ("a", (1, "x", None, ""), "", (2, "y", "a", ".2f"), "c")]:
            assert type(runtime.build(*parts)) is real.Template
        assert runtime.__all__ == ["Template", "Interpolation", "convert"]
        print("real")
        """,
        python=oracle(),
    )
    assert out == "real\n"


# -- Start-up ------------------------------------------------------------------


def test_importing_is_cheap(tmp_path):
    """Importing the runtime imports string (for the attribute) and nothing heavy: no typing, no re of its own."""
    out = _run_beside_a_copy(
        tmp_path,
        """
        import string
        before = set(sys.modules)
        import runtime_copy
        print(sorted(set(sys.modules) - before))
        """,
    )
    new = set(re.findall(r"'([^']+)'", out))
    assert "runtime_copy" in new
    expected = {"runtime_copy", "string.templatelib"}
    assert new - expected <= {"itertools"}, new  # itertools is built in


# On 3.14+ the runtime builds with 3.14's own classes, with a path of its
# own for up to four fields: each shape (0 to 6 fields) builds what the
# native t-string does.
SHAPES = [
    't""', 't"x"', 't"{a}"', 't"{a}{b}"', 't"a{a!r:>{b}}b{c=}"', 't"{a}{b}:{c!s}"', 't"{a!r:>{b}}{c=}{d}{e:x}"',
    't"{a}-{b}-{c}-{d}-{e}!"', 't"{a}{b}{c}{d}{e}{a=}"',
]


@pytest.mark.skipif(sys.version_info < (3, 14), reason="the native t-strings to compare with are 3.14's")
@pytest.mark.parametrize("source", SHAPES)
def test_each_shape_builds_the_native_template(source):
    from fstring_backport import transpile

    names = {"a": 1, "b": 2, "c": "c", "d": 4.5, "e": 15}
    namespace = dict(names)
    exec(transpile("x = 0\nbuilt = " + source + "\n", "3.8"), namespace)
    native = eval(source, dict(names))
    parts = [(i.value, i.expression, i.conversion, i.format_spec) for i in native.interpolations]
    built = namespace["built"]
    assert type(built) is type(native)
    assert (built.strings, [(i.value, i.expression, i.conversion, i.format_spec) for i in built.interpolations]) == (
        native.strings,
        parts,
    )
