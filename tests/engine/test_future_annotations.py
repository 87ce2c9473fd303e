"""``future-annotations``: code written for 3.14's lazy annotations (PEP 649) before 3.14.

A module whose annotations name a class defined further down, or a name
imported only under ``TYPE_CHECKING``, runs on 3.14 and fails at import
with NameError before: with ``future_annotations`` it gets ``from
__future__ import annotations`` (PEP 563) on an existing line, so every
line keeps its number.  Here: where the import goes (each output compiled
by python3.15, 3.8 and PyPy 3.11), which modules get it (compared with
python3.15's ``ast`` on its standard library), how it is asked for, and a
module that behaves, ``get_type_hints`` and tracebacks included, on 3.8 and
3.11 as on python3.15.
"""

import json
import subprocess
import sys

import pytest

from fstring_backport import TranspileError, transpile
from fstring_backport.build.common import BuildStep
from fstring_backport.engine.annotations import has_annotations
from fstring_backport.engine.lexer import lex
from fstring_backport.project.settings import load_settings

from support.cli import run
from support.pythons import child_environment, executable, interpreter, json_from, oracle, stdlib_files

FUTURE = "from __future__ import annotations"

# (source, the output): the import on an existing line, before any binding.
PLACES = [
    ('"""Doc."""\n\nx: int = 1\n', '"""Doc."""\n' + FUTURE + "\nx: int = 1\n"),
    ('"""Doc."""\n# a comment\nx: int = 1\n', '"""Doc."""\n' + FUTURE + "  # a comment\nx: int = 1\n"),
    ('"""Doc."""\nx: int = 1\n', '"""Doc."""\n' + FUTURE + "; x: int = 1\n"),
    (
        '"""Doc.\n\nMore."""\nimport os\ndef f() -> int: pass\n',
        '"""Doc.\n\nMore."""\n' + FUTURE + "; import os\ndef f() -> int: pass\n",
    ),
    (
        '"""Doc."""\nfrom __future__ import division\nx: int\n',
        '"""Doc."""\nfrom __future__ import division; ' + FUTURE + "\nx: int\n",
    ),
    (
        "#!/usr/bin/env python\n# -*- coding: utf-8 -*-\n\nx: int\n",
        "#!/usr/bin/env python\n# -*- coding: utf-8 -*-\n" + FUTURE + "\nx: int\n",
    ),
    ("x: int = 1\n", FUTURE + "; x: int = 1\n"),
    ("\ndef f(a: int): pass\n", FUTURE + "\ndef f(a: int): pass\n"),
    # With a t-string: the future import first, then the runtime's.
    (
        '"""Doc."""\n\nx: int = t"{1}"\n',
        '"""Doc."""\n' + FUTURE + "; from fstring_backport.templatelib import build as _fstring_backport_t\n"
        "x: int = _fstring_backport_t('', ((1), '1', None, ''), '')\n",
    ),
    # A constant bound to a name: after the future import.
    (
        "\nx: str = f'{\"\\n\".join(\"ab\")}'\n",
        FUTURE + '; _fstring_backport_0 = "\\n"\nx: str = f\'{_fstring_backport_0.join("ab")}\'\n',
    ),
]
# Modules left as they are: no annotations, or the import already there.
UNCHANGED = [
    "x = 1\ndef f(a, b=lambda c: c): return {1: 2}[1]\n",
    "from __future__ import annotations\nx: int\n",
    '"""Doc."""\nfrom __future__ import (division,\n    annotations as a)\ndef f() -> int: pass\n',
    "f = lambda a: a\nd = {a: b for a, b in x}\ns = y[1:2]\n",
]


@pytest.mark.parametrize("source, output", PLACES)
def test_the_import_goes_on_an_existing_line(source, output):
    assert transpile(source, "3.8", "m.py", future_annotations=True) == output
    assert transpile(output, "3.8", "m.py", future_annotations=True) == output  # once
    assert transpile(source.encode(), "3.8", "m.py", future_annotations=True) == output.encode()
    line = next(i for i, text in enumerate(output.split("\n")) if FUTURE in text)
    assert FUTURE in transpile(source, "3.13", "m.py", future_annotations=True).split("\n")[line]
    assert transpile(source, "3.14", "m.py", future_annotations=True) is source
    assert FUTURE not in transpile(source, "3.8", "m.py")  # asked for only


COMPILE_PROBE = r"""
import json, sys
out = []
for source in json.load(sys.stdin):
    try:
        compile(source, "m.py", "exec", dont_inherit=True)
        out.append("ok")
    except SyntaxError as exc:
        out.append(exc.msg)
print(json.dumps(out))
"""


@pytest.mark.slow  # three interpreters
def test_every_place_is_one_python_accepts(tmp_path):
    """Compiled by python3.15 (the oracle), 3.8 and PyPy 3.11, which is
    stricter: it refuses a future import on the docstring's line."""
    outputs = [output for _, output in PLACES if "t\"" not in output]
    pypy = executable("pypy3.11")
    for python in (oracle(), interpreter("3.8"), pypy):
        assert json_from(python, COMPILE_PROBE, outputs) == ["ok"] * len(outputs), python
    assert json_from(pypy, COMPILE_PROBE, ['"""Doc."""; ' + FUTURE + "\n"]) != ["ok"]  # why never there


@pytest.mark.parametrize("source", UNCHANGED)
def test_nothing_to_add(source):
    assert transpile(source, "3.8", "m.py", future_annotations=True) == source


def test_a_module_with_nothing_else_to_rewrite_still_gets_it():
    """The quick check returns such modules at once, unlexed: not with the option."""
    source = "import os\n\n\ndef f(path: os.PathLike) -> None:\n    pass\n"
    assert transpile(source, "3.8") is source
    assert transpile(source, "3.8", future_annotations=True) == FUTURE + "; " + source


def test_stubs_are_left_alone():
    assert transpile("def f(a: B) -> C: ...\n", "3.8", "m.pyi", future_annotations=True) == "def f(a: B) -> C: ...\n"


@pytest.mark.parametrize(
    "source, line, column",
    [
        ("class A:\n    b: B\n", 1, 1),
        ('"""Doc."""\nclass A:\n    b: B\n', 2, 1),
        ("#!/usr/bin/env python\n@dataclass\nclass A:\n    b: B\n", 2, 1),
    ],
)
def test_no_place_is_an_error_that_says_what_to_change(source, line, column):
    with pytest.raises(TranspileError) as info:
        transpile(source, "3.8", "m.py", future_annotations=True)
    assert (info.value.lineno, info.value.offset) == (line, column)
    assert info.value.msg == (
        "cannot add 'from __future__ import annotations' (future-annotations is on): no line above the "
        "first statement can take it; add a blank line above it (after the docstring, if there is one)"
    )
    fixed = source.replace("class A", "\nclass A", 1).replace("@dataclass", "\n@dataclass", 1)
    assert FUTURE in transpile(fixed, "3.8", "m.py", future_annotations=True)


def test_a_bad_value_is_a_type_error():
    with pytest.raises(TypeError, match="future_annotations must be True or False"):
        transpile("x: int\n", "3.8", future_annotations="yes")


# -- which modules have annotations ---------------------------------------------

ANNOTATED = [
    "def f(a: int): pass\n",
    "def f(a) -> int: pass\n",
    "def f(*, a: int = 1): pass\n",
    "def f(*args: int, **kw: str): pass\n",
    "def f(a=lambda: 1, b: int = 2): pass\n",
    "def f(a=lambda x=lambda: 0: x, b: int = 2): pass\n",
    "async def f(a: int): pass\n",
    "def f[T: int](a: T): pass\n",
    "x: int\n",
    "x: int = 1\n",
    "self.x: int = 1\n",
    "d['k']: int = 1\n",
    "if x: y: int = 1\n",
    "class A: x: int\n",
    "class A:\n    def f(self, a: 'A'): pass\n",
    "x = 1; y: int = 2\n",
    "match: int = 1\n",
    "case: int = 1\n",
    "x: Callable = lambda a: a\n",
    "x = f'{a:>3}'\ny: int\n",
]
NOT_ANNOTATED = [
    "x = 1\n",
    "def f(a, b=1, *c, **d): pass\n",
    "f = lambda a, b: a\n",
    "if lambda: 1: pass\n",
    "x = {a: b}\ny = z[1:2, ::3]\n",
    "x = f'{a:>3}' + f'{b!r:{w}}'\n",
    "def f(a=f'{b:3}'): pass\n",
    "class A(B, metaclass=M): pass\n",
    "class A[T: int]: pass\n",
    "type X[T: int] = list[T]\n",
    "match x:\n    case {1: a}: pass\n    case [a, b] if a: pass\n",
    "with a as b: pass\nfor i in x: pass\nwhile y: pass\n",
    "try: pass\nexcept E: pass\nelse: pass\nfinally: pass\n",
    "@decorator(lambda x: x)\ndef f(): pass\n",
    "x = (y := 1)\n",
    "print(a if b else c)\n",
    "# x: int\ns = 'y: int'\n",
]


@pytest.mark.parametrize("source", ANNOTATED)
def test_annotations_are_found(source):
    assert has_annotations(lex(source))


@pytest.mark.parametrize("source", NOT_ANNOTATED)
def test_code_without_annotations(source):
    assert not has_annotations(lex(source))


AST_PROBE = r"""
import ast, json, sys

def annotated(source):
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.AnnAssign):
            return True
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            a = node.args
            if node.returns is not None or any(
                arg is not None and arg.annotation is not None
                for arg in a.posonlyargs + a.args + a.kwonlyargs + [a.vararg, a.kwarg]
            ):
                return True
    return False

print(json.dumps([annotated(source) for source in json.load(sys.stdin)]))
"""


def test_the_cases_agree_with_315s_ast():
    assert json_from(oracle(), AST_PROBE, ANNOTATED + NOT_ANNOTATED) == [True] * len(ANNOTATED) + [False] * len(
        NOT_ANNOTATED
    )


@pytest.mark.slow  # the whole 3.15 standard library
@pytest.mark.skipif(
    sys.version_info[:2] != (3, 11) or sys.implementation.name != "cpython",
    reason="the lexer is the same pure Python everywhere: one run is enough",
)
def test_the_315_standard_library_agrees_with_315s_ast():
    from fstring_backport.engine.errors import TranspileError as LexError
    from fstring_backport.engine.source import decode_source

    sources = []
    for path in stdlib_files("3.15"):
        try:
            text = decode_source(path.read_bytes(), str(path)).text
            parsed = lex(text)
        except LexError:
            continue  # the bad-syntax fixtures
        sources.append((text, has_annotations(parsed)))
    truth = json_from(oracle(), AST_PROBE.replace("ast.parse(source)", "_parse(source)").replace(
        "def annotated", "def _parse(source):\n    try:\n        return ast.parse(source)\n"
        "    except SyntaxError:\n        return ast.Module([], [])\n\ndef annotated"
    ), [text for text, _ in sources])
    differ = [text[:80] for (text, ours), theirs in zip(sources, truth) if ours != theirs]
    assert len(sources) > 1800 and sum(truth) > 150
    assert differ == []


# -- how it is asked for ------------------------------------------------------------


def test_the_setting_reaches_the_build_step(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[tool.fstring-backport]\nfuture-annotations = true\n")
    assert load_settings(tmp_path / "pyproject.toml").future_annotations is True
    step = BuildStep(tmp_path)  # what the setuptools step makes
    assert step.future_annotations is True
    assert BuildStep(tmp_path, future_annotations=False).future_annotations is False  # the hook's option wins
    (tmp_path / "m.py").write_text("\nx: B\n")
    [(_, _, result)] = step.transpile_all([(tmp_path / "m.py", "m.py", _runtime())])
    assert result == (FUTURE + "\nx: B\n").encode()
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    assert BuildStep(tmp_path).future_annotations is False  # off unless asked for


def _runtime():
    from fstring_backport.project.runtime_copies import runtime_for

    return runtime_for("m.py", ())


def test_the_command_line_flag_and_setting(tmp_path):
    (tmp_path / "m.py").write_text("\nx: B\n")
    path = str(tmp_path / "m.py")
    assert run(path).stdout == b"\nx: B\n"
    assert run(path, "--future-annotations").stdout == (FUTURE + "\nx: B\n").encode()
    (tmp_path / "pyproject.toml").write_text("[tool.fstring-backport]\nfuture-annotations = true\n")
    assert run(path).stdout == (FUTURE + "\nx: B\n").encode()
    (tmp_path / "pyproject.toml").write_text('[tool.fstring-backport]\nfuture-annotations = "yes"\n')
    bad = run(path)
    assert bad.returncode == 2 and bad.stderr.count(b"\n") == 1
    assert b"[tool.fstring-backport] future-annotations must be true or false, not 'yes'" in bad.stderr


# -- a module written for lazy annotations, on 3.8 and 3.11 as on 3.15 --------------

MODULE = '''\
"""Annotations that 3.14 evaluates lazily."""

import sys
import typing
from typing import TYPE_CHECKING, List, Optional

if TYPE_CHECKING:
    from decimal import Decimal


class Tree:
    children: List[Node]
    parent: Optional[Tree] = None

    def add(self, node: Node) -> Tree:
        self.children = [*getattr(self, "children", []), node]
        return self

    def total(self, rate: Decimal) -> Decimal:
        return sum(node.value for node in self.children) * rate


class Node:
    value: int

    def __init__(self, value: int) -> None:
        self.value = value


def describe(hint):
    origin = typing.get_origin(hint) if hasattr(typing, "get_origin") else None
    if origin is not None:
        name = getattr(origin, "_name", None) or getattr(origin, "__name__", repr(origin))
        return [name] + [describe(arg) for arg in typing.get_args(hint)]
    return getattr(hint, "__qualname__", repr(hint))


def hints(owner):
    try:
        return {name: describe(hint) for name, hint in sorted(typing.get_type_hints(owner).items())}
    except NameError as exc:
        return "NameError: " + str(exc).split("'")[1]


tree = Tree().add(Node(2)).add(Node(3))
print(tree.total(2), [node.value for node in tree.children])
for owner in (Tree, Tree.add, Tree.total, Node, Node.__init__):
    print(getattr(owner, "__qualname__", owner), hints(owner))


def fail(node: Node) -> None:
    raise ValueError(node.value)


try:
    fail(Node(7))
except ValueError:
    print("line", sys.exc_info()[2].tb_next.tb_lineno)
'''


@pytest.mark.slow  # three interpreters
@pytest.mark.parametrize("version", ["3.8", "3.11", "3.13"])
def test_a_module_written_for_lazy_annotations_runs_as_on_315(version, tmp_path):
    original = tmp_path / "original.py"
    original.write_text(MODULE)
    expected = subprocess.run([oracle(), str(original)], capture_output=True, text=True)
    assert expected.returncode == 0, expected.stderr
    assert "NameError: Decimal" in expected.stdout and "\nline 52\n" in expected.stdout  # raise ValueError(...)
    plain = subprocess.run([interpreter(version), str(original)], capture_output=True, text=True)
    assert plain.returncode == 1 and "NameError: name 'Node' is not defined" in plain.stderr  # why it is needed
    lowered = tmp_path / "lowered.py"
    out = transpile(MODULE, "3.8", "m.py", future_annotations=True)
    assert out.count("\n") == MODULE.count("\n")
    lowered.write_text(out)
    got = subprocess.run(
        [interpreter(version), str(lowered)],
        capture_output=True,
        text=True,
        env=child_environment(),
    )
    assert (got.returncode, got.stdout) == (0, expected.stdout), got.stderr


SAFETY_PROBE = r"""
import json, sys
from fstring_backport.engine.errors import TranspileError
from fstring_backport.engine.safety import check_output
out = []
for original, output in json.load(sys.stdin):
    try:
        check_output(original, output, {}, [(1, 1)], "m.py", future_annotations=True)
        out.append("accepted")
    except TranspileError as exc:
        out.append(exc.msg)
print(json.dumps(out))
"""


def test_the_safety_net_accepts_the_import_and_nothing_else():
    """Run where the net compares trees: python3.15."""
    cases = [
        ('"""Doc."""\n\nx: B\n', '"""Doc."""\n' + FUTURE + "\nx: B\n"),
        ("x: B\n", FUTURE + "; import os\nx: B\n"),  # something more
        ("import os\nx: B\n", "import os\n" + FUTURE + "\nx: B\n"),  # where no future import may stand
        ("x: B\n", "from __future__ import annotations as a\nx: B\n"),  # not that import
    ]
    got = subprocess.run(
        [oracle(), "-c", SAFETY_PROBE],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        env=child_environment(),
    )
    assert got.returncode == 0, got.stderr
    verdicts = json.loads(got.stdout)
    assert verdicts[0] == "accepted"
    assert all(verdict.startswith("internal error") for verdict in verdicts[1:]), verdicts
