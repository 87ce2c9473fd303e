"""Newer grammar found in tokens (engine/constructs.py), and the quick
answer from bytes (engine/prefilter_constructs.py) that must never miss it.

Every case says where the construct is and which rule names it; the rule
says which Python first reads it (tests/engine/test_rules.py runs one
example of each on that Python and the one before).  The cases below that
name no rule are 3.8 syntax that looks alike.
"""

import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fstring_backport.engine import rules
from fstring_backport.engine.constructs import constructs, located
from fstring_backport.engine.errors import TranspileError
from fstring_backport.engine.lexer import lex
from fstring_backport.engine.prefilter_constructs import may_use_newer_grammar
from fstring_backport.engine.prefilter_rewrites import may_need_rewriting
from fstring_backport.engine.source import decode_source

from support.pythons import oracle, outcomes, stdlib_files

# source -> [(line, column, code)]
CASES = {
    "with (open('a') as f,\n      open('b') as g):\n    pass\n": [(1, 1, "FB402")],
    "with (open('a') as f):\n    pass\n": [(1, 1, "FB402")],
    "with (\n    open('a') as f,\n    open('b'),\n):\n    pass\n": [(1, 1, "FB402")],
    "async def f():\n    async with (a as b, c as d):\n        pass\n": [(2, 5, "FB402")],
    # two context managers from 3.9 on, one tuple before
    "with (a, b):\n    pass\n": [(1, 1, "FB402")],
    "with (a, b) as c:\n    pass\n": [],
    "with (a) as b:\n    pass\n": [],
    "def f():\n    with (yield x) as y, z:\n        pass\n": [],
    "@buttons[0].clicked.connect\ndef f(): pass\n": [(1, 1, "FB403")],
    "@a(b).c\ndef f(): pass\n": [(1, 1, "FB403")],
    "@(lambda f: f)\ndef f(): pass\n": [(1, 1, "FB403")],
    "class A:\n    @x.y(1)(2)\n    def f(self): pass\n": [(2, 5, "FB403")],
    "@a.b(c, [d])\ndef f(): pass\n": [],
    "@a . b (\n    c,\n)\ndef f(): pass\n": [],
    "s = {y := 1, 2}\n": [(1, 8, "FB404")],
    "s = {y := x for x in z}\n": [(1, 8, "FB404")],
    "s = [y := 1, 2]\n": [],
    "s = {(y := 1), 2}\n": [],
    "if m := f():\n    pass\n": [],
    "f(a, b := 1)\n": [],
    "for x in *a, *b:\n    pass\n": [(1, 10, "FB405")],
    "for x in a, *b:\n    pass\n": [(1, 13, "FB405")],
    "for x in (*a, *b):\n    pass\n": [],
    "for x in a * b:\n    pass\n": [],
    "async def f():\n    async for x in *a, *b:\n        pass\n": [(2, 20, "FB405")],
    "for x in lambda: 1, *a:\n    pass\n": [(1, 21, "FB405")],
    "for x in lambda a, *b: 1:\n    pass\n": [],  # the lambda's parameters
    "for x, *y in a:\n    pass\n": [],
    "a[y := 1]\n": [(1, 5, "FB406")],
    "a[y := 1, 2]\n": [(1, 5, "FB406")],
    "a[(y := 1)]\n": [],
    "match x:\n    case [a, b]:\n        pass\n": [(1, 1, "FB407")],
    "match (x):\n    case _:\n        pass\n": [(1, 1, "FB407")],
    "match(x)\nmatch = 1\nmatch.group()\nmatch: int = 1\n": [],
    "try:\n    pass\nexcept* ValueError:\n    pass\n": [(3, 1, "FB408")],
    "a[*b]\n": [(1, 3, "FB409")],
    "a[1:2, *b]\n": [(1, 8, "FB409")],
    "a[*b] = 1\n": [(1, 3, "FB409")],
    "x: tuple[int, *Ts]\n": [(1, 15, "FB409")],
    "[*a, *b]\n": [],
    "a, *b = c\n": [],
    "def f():\n    return *a, *b\n": [],
    "f(*a, *b, **c)\n": [],
    "{**a, **b}\n": [],
    "def f(*args: *Ts): pass\n": [(1, 14, "FB410")],
    "def f(*args: int, **kw: str): pass\n": [],
    "def f[T](x: T): pass\n": [(1, 6, "FB411")],
    "class C[T]: pass\n": [(1, 8, "FB411")],
    "async def f[T](): pass\n": [(1, 12, "FB411")],
    "def f[T: int, **P, *Ts](): pass\n": [(1, 6, "FB411")],
    # The type statement is lowered (tests/engine/rewrites/test_lower_type_aliases.py),
    # but with type parameters, or in a class body with a scope or a mangled name in its value.
    "type X[K] = dict[K, int]\n": [(1, 7, "FB411")],
    "type X = int\n": [],
    "class A:\n    type X = int\n": [],  # lowered, its names looked up in the class first
    "class A:\n    type X = lambda: 0\n": [(2, 5, "FB416")],
    "def f():\n    class A:\n        type X = int\n": [(3, 9, "FB416")],
    "class A:\n    type X = int\n    global y\n": [(2, 5, "FB416")],
    "class A:\n    class B:\n        global y\n    type X = int\n": [],
    "class A:\n    if x:\n        type X = [y for y in z]\n": [(3, 9, "FB416")],
    "class A:\n    def f(self):\n        type X = int\n": [],
    "class A: type X = __y\n": [(1, 10, "FB416")],
    "if x: type X = int\n": [],
    "type = 1\ntype(x)\nx = type\n": [],
    "def f[T = int](): pass\n": [(1, 6, "FB411"), (1, 9, "FB413")],
    "type X[T = int] = list[T]\n": [(1, 7, "FB411"), (1, 10, "FB413")],
    "[*x for x in xs]\n": [(1, 2, "FB415")],
    "{*x for x in xs}\n": [(1, 2, "FB415")],
    "{**d for d in ds}\n": [(1, 2, "FB415")],
    "(*x for x in xs)\n": [(1, 2, "FB415")],
    "f(*x for x in xs)\n": [(1, 3, "FB415")],
    "async def f():\n    return [*x async for x in xs]\n": [(2, 13, "FB415")],
    "[*x, *y]\n[x for x in y]\nf(*args)\n": [],
    # in an f-string: "{x:=5}" is a spec, "{(x:=5)}" a bracketed walrus
    'f"{x:=5}"\nf"{(y:=5)}"\nf"{a[b]:{c}}"\n': [],
    "f'{ {y := 1} }'\n": [(1, 8, "FB404")],
    # after prose that holds what looks like a construct, a real one
    '"""it\'s *args* with (a, b)"""\nwith (a as b):\n    pass\n': [(2, 1, "FB402")],
    '# match x:\nx = f"""*** {a[*b]} ***"""\n': [(2, 16, "FB409")],
    "s = t'{x}'\nmatch x:\n    case 1: pass\n": [(2, 1, "FB407")],
    # what the quick answer reads without lexing: a "[" in a string on the
    # line that closes type parameters; a "*" after a string or in one
    'def f[\n    T: "[ab"]():\n    pass\n': [(1, 6, "FB411")],
    'def f[\n    T: x["a"] + y]():\n    pass\n': [(1, 6, "FB411")],
    "class C[\n    T: 'a' ]: pass\n": [(1, 8, "FB411")],
    "type X [T] = int\n": [(1, 8, "FB411")],
    "a[\n    'x', *b]\n": [(2, 10, "FB409")],
    "x = [1,\n     'a' *b]\n": [],
    "x = d['-*-'] + a[\n    0, *b]\n": [(2, 8, "FB409")],
    "for type in [a]: pass\nfor x in type, *y: pass\n": [(2, 16, "FB405")],
    # a "*" before an assignment's "=" is 3.8's, but for a lambda's default
    "fragment, *rest = f(x)\n": [],
    "f(\n    a, *b, c=1)\n": [],
    "a[\n    x, *b, lambda y=1: y]\n": [(2, 8, "FB409")],
    "for x in a, *b, lambda y=1: y:\n    pass\n": [(1, 13, "FB405")],
    "a[*b] == c\n": [(1, 3, "FB409")],
    # a line that starts in a string reads as code only after it
    'query = table["""SELECT a\nFROM b""", *columns]\n': [(2, 12, "FB409")],
    'def f[T: """\ntext [ more """](): pass\n': [(1, 6, "FB411")],
    'def f[T: """\ntext [ it\'s """](): pass\n': [(1, 6, "FB411")],
    "x = a['two \\\nwords', *b]\n": [(2, 9, "FB409")],
    "def f[T: 'a\\\n[b'](): pass\n": [(1, 6, "FB411")],
    # two words side by side are prose, but a keyword beside a word
    "a[*b]; type X = int\n": [(1, 3, "FB409")],
    "a[\n    *b if c else d, e]\n": [(2, 5, "FB409")],
    "a[\n    *b, not c in d]\n": [(2, 5, "FB409")],
    # a "*" after ":" counts after "*args" only; a "]" that no reading
    # places counts after "def", "class" or "type", a name and "["
    'print(f"{x:*^20}", *y)\n': [],
    "def f(\n    *args\n    : *Ts): pass\n": [(3, 7, "FB410")],
    'class C[\n    T: """\n"""\n]: pass\n': [(1, 8, "FB411")],
    # a match statement's subject and a case clause's sequence pattern are
    # no subscripts; the names subscripted elsewhere are
    "match [*a, *b]:\n    case [*c] | [1, *c] if e: pass\n    case [*f], g:\n        pass\n": [(1, 1, "FB407")],
    "match x:\n    case [*a] as b: pass\ncase[*c] = 1\nmatch[*d]\n": [
        (1, 1, "FB407"),
        (3, 6, "FB409"),
        (4, 7, "FB409"),
    ],
    # in strings and comments: nothing
    "'''\nmatch x:\n    case 1: pass\n'''\n# type X = int\nx = 'a[*b]'\n": [],
}


def found(source):
    parsed = lex(source)
    return [(line, column, rule.code) for line, column, rule in located(parsed, constructs(parsed))]


@pytest.mark.parametrize("source", list(CASES))
def test_each_construct_is_found_where_it_is(source):
    assert found(source) == CASES[source]


@pytest.fixture(scope="module")
def on_315():
    return dict(zip(CASES, outcomes(oracle(), [("", source) for source in CASES])))


@pytest.mark.parametrize("source", list(CASES))
def test_each_case_is_valid_315(source, on_315):
    # NameError and the like are fine: the syntax is what is checked.
    assert on_315[source][1] != "SyntaxError", on_315[source]


@pytest.mark.parametrize("source", list(CASES))
def test_the_quick_answer_never_misses_one(source):
    data = source.encode()
    for code in {code for _, _, code in CASES[source]}:
        rule = rules.BY_CODE[code]
        before = (rule.needs[0], rule.needs[1] - 1)
        assert quickly_found(data, rule, before), (code, before)
        assert quickly_found(data, rule, (3, 8)), code


def quickly_found(data, rule, target):
    """What answers first for ``rule``'s construct: the scan for what is
    named, the rewrites' quick check for what is lowered."""
    if rule.lowered_since is None:
        return may_use_newer_grammar(data, target)
    return may_need_rewriting(data, target)


@pytest.mark.parametrize(
    "source",
    [
        "@dataclass\nclass A:\n    x: int = 0\n",
        "@functools.lru_cache(maxsize=None)\ndef f(*args, **kwargs):\n    return [x * 2 for x in args]\n",
        "def f(a, *, b):\n    return g(*a, **b)\n",
        "if m := re.match(p, s):\n    print(m[0], {'a': 1}['a'])\n",
        "x = a[1:2] * b\n# written by me@example.com\n",
        "def f(lock):\n    with (yield lock):\n        pass\n    with (p / 'a').open() as f:\n        pass\n",
        "for type in [a, b]:\n    pass\n",
        # what looks like a construct in a docstring's or an f-string's prose
        'def f():\n    """Call with (a, b): *args* and **kwargs*.\n\n    match x:\n    @@ -1 +1 @@\n    """\n',
        "print(f'''\n*** {message} ***\n@ {time}\n''')\n",
        "x = rb'''\n  with (a as b):\n    a[*b]\n'''  # or a[*c]\n",
    ],
)
def test_plain_code_is_answered_without_lexing(source):
    assert not may_use_newer_grammar(source.encode(), (3, 8))


# The quick answer is regular expressions and a little Python; two hosts,
# the oldest and 3.13, read three standard libraries between them.
STDLIBS = {(3, 8): ("3.13",), (3, 13): ("3.14", "3.15")}
TARGETS = [(3, minor) for minor in range(8, 15)]


@pytest.mark.slow  # whole standard libraries, lexed
@pytest.mark.parametrize("version", ["3.13", "3.14", "3.15"])
def test_the_quick_answer_never_misses_one_in_a_standard_library(version):
    if version not in STDLIBS.get(sys.version_info[:2], ()):
        pytest.skip("3.8 reads the 3.13 standard library, 3.13 the 3.14 and 3.15 ones")
    files = with_constructs = 0
    for path in stdlib_files(version):
        data = path.read_bytes()
        try:
            parsed = lex(decode_source(data, str(path)).text, str(path))
        except TranspileError:
            continue  # the test suite's bad syntax, on purpose
        files += 1
        found = constructs(parsed)
        with_constructs += bool(found)
        for target in TARGETS:
            for rule in {construct.rule for construct in found if construct.rule.needs > target}:
                assert quickly_found(data, rule, target), (path, target, rule.code)
    assert files > 1500 and with_constructs > 50, (files, with_constructs)


# The quick answer's shortcuts read a line's bytes around its strings
# without reading them (prefilter_constructs._plainly_not_type_parameters,
# _plainly_not_unpacking): whatever the strings hold, it never misses.
PIECES = ['"[ab"', "'a]'", 'x["a"]', "d['-*-']", "'*'", "y", "f(z)[0]", "'#'", "[1, 2]", "x if y else z", "not y"]


@given(
    st.sampled_from(PIECES),
    st.sampled_from(PIECES),
    st.sampled_from(
        [
            "def f[\n    T: {0} + {1}](): pass\n",
            "class C[\n    T: {0}, U: {1}]: pass\n",
            "type X[\n    T: {0}] = {1}\n",
            "a[\n    {0}, *b, {1}]\n",
            "x = {0} + a[{1}, *b]\n",
            "for x in {0}, \\\n  *{1}:\n    pass\n",
            "v = {0}; w = a[{1}] = 1\n",
            "v, *w = {0}, {1}\n",
            "a[\n    {0}, *b, lambda y={1}: y]\n",
            "def f(\n    *args: {0}, **kw: {1}): pass\n",
            'a[{0}, """\ntwo words {1} [""", *b]\n',
            'def f[T: """\ntwo [ words""" + {0}, U: {1}](): pass\n',
        ]
    ),
)
def test_the_quick_answer_reads_around_strings_and_never_misses(first, second, template):
    source = template.format(first, second)
    try:
        parsed = lex(source)
    except TranspileError:
        return
    for construct in constructs(parsed):
        before = (construct.rule.needs[0], construct.rule.needs[1] - 1)
        assert quickly_found(source.encode(), construct.rule, before), (source, construct.rule.code)


def test_the_scan_asks_for_type_statements_before_the_python_that_reads_them():
    from fstring_backport.engine import prefilter_constructs

    assert prefilter_constructs.TYPE_STATEMENT_NEEDS == rules.TYPE_STATEMENT.needs
    data = b"class A:\n    type X = int\n"
    assert may_use_newer_grammar(data, (3, 11)) and not may_use_newer_grammar(data, (3, 12))
