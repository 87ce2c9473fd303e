"""Unpacking in a comprehension (PEP 798, 3.15) before 3.15: FB415, lowered
to a comprehension over a generator of the element's values.

``[*E for x in xs]`` becomes ``[_i for _e in (E for x in xs) for _i in
(*_e,)]`` (``{*_e}`` for a set, ``_e`` for a generator, ``{**_e}.items()``
for a dict), for every target before 3.15; ``--check`` reports it.  What
the rewritten modules do is compared with python3.15 running the
originals, on every interpreter.
"""

import doctest
import subprocess

import pytest

from fstring_backport import TranspileError, transpile
from fstring_backport.engine.pipeline import find_problems, find_unlowered
from fstring_backport.engine.prefilter_comprehension_unpacking import may_unpack_in_comprehension
from fstring_backport.engine.prefilter_rewrites import may_need_rewriting
from fstring_backport.engine.rules import COMPREHENSION_UNPACKING

from support.hooked import import_through_the_hook
from support.pythons import (
    assert_refused_as_315_does,
    child_environment,
    executable,
    json_from,
    oracle,
    stdlib_dir,
    syntax_errors,
)

# The names the rewrite uses: the temporaries' prefix and a letter.
EACH, ITEM, KEY, VALUE, VALUES = (f"_fstring_backport_{letter}" for letter in "eikvg")
# (source, its output for every target before 3.15), each written by hand
REWRITES = [
    ("r = [*x for x in xs]\n", f"r = [{ITEM} for {EACH} in (x for x in xs) for {ITEM} in (*{EACH},)]\n"),
    ("r = {*x for x in xs}\n", f"r = {{{ITEM} for {EACH} in (x for x in xs) for {ITEM} in {{*{EACH}}}}}\n"),
    ("r = (*x for x in xs)\n", f"r = ({ITEM} for {EACH} in (x for x in xs) for {ITEM} in {EACH})\n"),
    ("r = sum(*x for x in xs)\n", f"r = sum({ITEM} for {EACH} in (x for x in xs) for {ITEM} in {EACH})\n"),
    (
        "r = {**d for d in ds if d}\n",
        f"r = {{{KEY}: {VALUE} for {EACH} in (d for d in ds if d) for {KEY}, {VALUE} in {{**{EACH}}}.items()}}\n",
    ),
    # the element stays where it is: its lines keep their numbers
    (
        "r = [\n    *f(x)  # each\n    for x in xs\n]\n",
        f"r = [\n    {ITEM} for {EACH} in (f(x)  # each\n    for x in xs\n) for {ITEM} in (*{EACH},)]\n",
    ),
    (
        "async def f():\n    return [*x async for x in xs]\n",
        f"async def f():\n    return [{ITEM} async for {EACH} in (x async for x in xs) for {ITEM} in (*{EACH},)]\n",
    ),
    (
        "async def f():\n    return [* await g(x) for x in xs]\n",
        f"async def f():\n    return [{ITEM} async for {EACH} in ( await g(x) for x in xs) for {ITEM} in (*{EACH},)]\n",
    ),
    # an await in the first iterable runs outside; one in a nested generator is its own
    (
        "async def f():\n    return [*(await g(y) for y in x) for x in await h()]\n",
        (
            f"async def f():\n    return [{ITEM} for {EACH} in ((await g(y) for y in x) for x in await h())"
            f" for {ITEM} in (*{EACH},)]\n"
        ),
    ),
    # an assignment expression: no iterable may hold one, a lambda's argument may
    (
        "r = [*p for s in ss if (p := s.split())]\n",
        (
            f"r = (lambda {VALUES}: [{ITEM} for {EACH} in {VALUES} for {ITEM} in (*{EACH},)])"
            "(p for s in ss if (p := s.split()))\n"
        ),
    ),
    (
        "r = f(*(y := x) for x in xs)\n",
        f"r = f((lambda {VALUES}: ({ITEM} for {EACH} in {VALUES} for {ITEM} in {EACH}))((y := x) for x in xs))\n",
    ),
    (
        "print(f'{[*x for x in xs]}')\n",
        f"print(f'{{[{ITEM} for {EACH} in (x for x in xs) for {ITEM} in (*{EACH},)]}}')\n",
    ),
]
UNTOUCHED = [
    "r = [*a, *b]\nf(*args, **kwargs)\nr = {**a, 'b': 1}\nr = (*a,)\nr = [x for x in y]\n",
    '"""Unpack each: [*x for x in xs]."""\n# {**d for d in ds}\ns = "(*x for x in y)"\n',
]
# What 3.15 refuses: its words and places
ERRORS = [
    "r = [**x for x in y]\n",
    "r = (**x.y for x in y)\n",
    "f(**x for x in y)\n",
    "r = {*x: v for x in y}\n",
    "r = {**x: v for x in y}\n",
]


@pytest.mark.parametrize("source, expected", REWRITES)
@pytest.mark.parametrize("target", ["3.8", "3.11", "3.14"])
def test_the_element_is_unpacked_from_a_generator_of_its_values(source, expected, target):
    assert may_unpack_in_comprehension(source) and may_need_rewriting(source)
    out = transpile(source, target, "m.py")
    assert out == expected
    assert transpile(out, target, "m.py") == out
    assert transpile(source, "3.15") == source


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_unpacks_no_comprehension_is_left_alone(source):
    for target in ("3.8", "3.14"):
        assert transpile(source, target) == source
        assert find_problems(source, target) == []


def test_the_quick_check_reads_past_brackets_to_a_for():
    assert not may_unpack_in_comprehension("f(*args, **kw)\nr = [*a, *(b for b in c)]\ng(*(x for x in y))\n")
    assert may_unpack_in_comprehension("r = [  # c\n    *f(a, [b])\n    for a in b]\n")
    assert may_unpack_in_comprehension(b"r = {**{k: v for k, v in p} for p in ps}\n")


def test_check_reports_fb415_for_every_target_before_315():
    source = "r = [*x for x in xs]\ns = {**d for d in ds}\n"
    expected = [(1, 6, COMPREHENSION_UNPACKING), (2, 6, COMPREHENSION_UNPACKING)]
    assert find_problems(source, "3.8") == find_problems(source, "3.14") == expected
    assert find_unlowered(source, "3.8") == []
    assert find_problems(source, "3.15") == []


# What may follow the star: 3.15 reads an operand of "|" in a list or a
# set, any expression but ":=" and "yield" in a generator, a call and
# after "**".
ELEMENTS = [
    "a if a else b", "a or b", "a and b", "not a", "a < b", "a in b", "a not in b", "a is not b", "lambda: 1",
    "y := a", "(y := a)", "a | b", "-a", "await a", "a ** b", "yield a", "lambda: (yield)", "a if (y := b) else c",
]


def test_what_follows_the_star_is_read_or_refused_as_315_does():
    shapes = ["[{}]", "{{{}}}", "({})", "f({})"]
    sources = [
        f"async def g():\n    r = {shape.format(stars + element + ' for a in c')}\n"
        for element in ELEMENTS
        for shape, stars in [(shape, "*") for shape in shapes] + [("{{{}}}", "**")]
    ]
    expected = syntax_errors(oracle(), sources)
    assert expected.count(None) > len(sources) // 3  # many are read, many refused
    for source, wanted in zip(sources, expected):
        try:
            transpile(source, "3.14", "m.py")
            found = None
        except TranspileError as error:
            found = [error.msg, error.lineno, error.offset, error.end_lineno, error.end_offset]
        assert found == wanted, source


def test_what_315_refuses_gets_its_error():
    assert_refused_as_315_does(ERRORS, targets=("3.8", "3.14"))


def test_an_async_comprehension_with_an_assignment_expression_is_refused():
    source = "async def f():\n    return [*y async for x in xs if (y := x)]\n"
    with pytest.raises(TranspileError) as info:
        transpile(source, "3.14", "m.py")
    assert info.value.msg == (
        "cannot lower unpacking in an asynchronous comprehension that holds an assignment expression"
    )
    assert (info.value.lineno, info.value.offset) == (2, 13)


def test_what_the_program_sees_of_the_code_stays_as_written():
    """A debug field's text, an Interpolation's expression: the f-string or
    t-string that shows it is written whole, from the text as written."""
    debug = "print(f'{[*x for x in xs]=}')\n"
    lowered = f"[{ITEM} for {EACH} in (x for x in xs) for {ITEM} in (*{EACH},)]"
    for target in ("3.8", "3.12", "3.14"):
        assert transpile(debug, target) == f"print(f'[*x for x in xs]={{{lowered}!r}}')\n"
    template = 'print(t"{[*x for x in xs]}")\n'
    built = (
        "from fstring_backport.templatelib import build as _fstring_backport_t; "
        f"print(_fstring_backport_t('', (({lowered}), '[*x for x in xs]', None, ''), ''))\n"
    )
    assert transpile(template, "3.14") == built


# Each form, with its side effects in the order 3.15 runs them; the
# protocols each unpacking uses; the errors of what does not unpack; laziness;
# async; scopes; f-strings and t-strings that show the code.
MODULE = '''\
import asyncio
import traceback


class Vector:
    def __init__(self, n):
        self.n = n

    def __neg__(self):
        return range(self.n, -self.n - 1, -1)


def noisy(name, items):
    print("make", name)
    for item in items:
        print("  next", name, item)
        yield item


print([*noisy(x, [x, x * 10]) for x in range(3) if x != 1])
print(sorted({*noisy(x, [x % 2]) for x in range(3)}))
print(list((*noisy(x, "ab") for x in range(2))))
print(sum(*noisy(x, [x]) for x in range(4)))
print({**{x: x, -x: 0} for x in range(3)})
# in a generator or after "**", any expression but ":=" and "yield"
print(list((*x or "z" for x in ["ab", ""])), {**d or {0: 0} for d in [{1: 2}, {}]})
print(list((*(lambda: x)() for x in ["ab"])), [*-x for x in [Vector(1)]])


class Mapping:
    def keys(self):
        print("keys")
        return ["a", "b"]

    def __getitem__(self, key):
        print("get", key)
        return key * 2


print({**m for m in [{"a": 1}, Mapping(), {"b": 0}]})


class Quiet(set):
    def __iter__(self):
        print("iter of a set, which updating a set skips")
        return super().__iter__()


print({*s for s in [Quiet([1])]}, [*s for s in [Quiet([2])]])
for make in (
    lambda: [*x for x in [1]],
    lambda: {*x for x in [None]},
    lambda: list((*x for x in [1.5])),
    lambda: {**d for d in [[1]]},
):
    try:
        make()
    except TypeError as error:
        print(error)


def naturals():
    n = 0
    while True:
        yield n
        n += 1


lazy = (*[n, -n] for n in naturals())
print([next(lazy) for _ in range(5)])
print([*(y := [x, x]) for x in range(2)], y)
print({**{w: len(w)} for word in "a bb".split() if (w := word.upper())}, w)


class Body:
    rows = [[1], [2, 3]]
    flat = [*row for row in rows]


print(Body.flat)


async def agen(n):
    for i in range(n):
        yield [i] * i


async def value(v):
    return v


async def main():
    print([*x async for x in agen(4)])
    print([*await value([x, x]) for x in range(2)])
    print({**{len(k): await value(k)} async for k in agen(3) if k})


asyncio.run(main())


def fails(x):
    if x == 2:
        raise ValueError(x)
    return [x]


try:
    [
        *fails(x)
        for x in range(3)
    ]
except ValueError:
    print("line", traceback.extract_tb(__import__("sys").exc_info()[2])[-1].lineno)
xs = [[1], [2]]
print(f"{[*x for x in xs]=}", f"{[*x for x in xs]!r:>{12}}")
print(t"{[*x for x in xs]}".interpolations[0].expression)
'''
# Pythons whose own messages for a value that does not unpack are older.
OLDER_MESSAGES = {
    "3.8": [("Value after * must be an iterable, not int", "'int' object is not iterable")],
}


@pytest.mark.slow  # one interpreter each
@pytest.mark.parametrize(
    "version, target",
    [(v, "3.8") for v in ("3.8", "3.9", "3.10", "3.11", "3.12", "3.13", "3.14", "pypy3.11")] + [("3.14", "3.14")],
)
def test_a_module_unpacks_as_on_315(version, target, tmp_path):
    original = tmp_path / "original.py"
    original.write_text(MODULE)
    expected = subprocess.run([oracle(), str(original)], capture_output=True, text=True)
    assert expected.returncode == 0, expected.stderr
    lowered = tmp_path / "lowered.py"
    lowered.write_text(transpile(MODULE, target, "m.py"))
    got = subprocess.run([executable(version), str(lowered)], capture_output=True, text=True, env=child_environment())
    assert got.returncode == 0, got.stderr
    wanted = expected.stdout
    for new, old in OLDER_MESSAGES.get(version, []):
        wanted = wanted.replace(new, old)
    assert got.stdout == wanted


def test_the_hook_lowers_it_on_this_python(tmp_path):
    got = import_through_the_hook(tmp_path, "unpack_pkg", "VALUE = [*row for row in [[1], [2, 3]]]\n")
    assert (got.returncode, got.stdout) == (0, "[1, 2, 3]\n"), got.stderr


# CPython 3.15's own doctests of PEP 798 (Lib/test/test_unpack_ex.py), from
# the section that starts here to the one about malformed unpacking, whose
# tracebacks show the columns of the original.
_SECTION = ("Comprehension element unpacking", "Malformed comp")
_RUN_DOCTESTS = """
import doctest, io, json, sys
examples = [doctest.Example(source, want, exc_msg) for source, want, exc_msg in json.load(sys.stdin)]
runner = doctest.DocTestRunner(verbose=False)
report = io.StringIO()
runner.run(doctest.DocTest(examples, {}, "test_unpack_ex", None, 0, None), out=report.write)
print(json.dumps([len(examples), runner.failures, report.getvalue()]))
"""


@pytest.mark.slow  # CPython's tests, on one interpreter each
@pytest.mark.parametrize("version", ["3.8", "3.11", "3.14", "pypy3.11"])
def test_cpythons_own_doctests_pass_transpiled(version):
    text = (stdlib_dir("3.15") / "test" / "test_unpack_ex.py").read_text()
    start = text.index(_SECTION[0])
    section = text[start : text.index(_SECTION[1], start)]
    examples = doctest.DocTestParser().get_examples(section)
    assert len(examples) >= 30
    lowered = [[transpile(example.source, "3.8"), example.want, example.exc_msg] for example in examples]
    assert sum(example.source != new for example, (new, _, _) in zip(examples, lowered)) >= 15
    count, failures, report = json_from(executable(version), _RUN_DOCTESTS, lowered, env=child_environment())
    assert (count, failures) == (len(examples), 0), report
