"""Parenthesized context managers (3.9) for 3.8: FB402, the brackets taken away.

``with (a as b, c):`` is ``with a as b, c:`` from 3.9 on; so is ``with (a,
b):``, which 3.8 reads as one tuple.  Line breaks directly inside the
brackets get backslashes, a trailing comma goes; a comment there moves
to the end of the header's line.  What the rewritten modules do is compared with
python3.15 running the originals.
"""

import subprocess

import pytest

from fstring_backport import transpile
from fstring_backport.engine.pipeline import find_problems, find_unlowered
from fstring_backport.engine.prefilter_rewrites import may_need_rewriting
from fstring_backport.engine.rules import PARENTHESIZED_WITH

from support.hooked import import_through_the_hook
from support.pythons import assert_refused_as_315_does, executable, oracle

# (source, its output for 3.8), each written by hand
REWRITES = [
    ("with (a as b, c as d):\n    pass\n", "with a as b, c as d:\n    pass\n"),
    ("with(a, b):\n    pass\n", "with a, b:\n    pass\n"),
    ("with (a,):\n    pass\n", "with a:\n    pass\n"),
    ("with (a as b) :\n    pass\n", "with a as b :\n    pass\n"),
    (
        'with (\n    open("a") as f,\n    open("b") as g,\n):\n    pass\n',
        'with \\\n    open("a") as f, \\\n    open("b") as g \\\n:\n    pass\n',
    ),
    (
        "with (f(x,\n       y) as z, g()):  # the brackets of a call keep their line break\n    pass\n",
        "with f(x,\n       y) as z, g():  # the brackets of a call keep their line break\n    pass\n",
    ),
    ("async def f():\n    async with (a as b, c): pass\n", "async def f():\n    async with a as b, c: pass\n"),
    ('with (a as b, f"{d["k"]}"):\n    pass\n', "with a as b, f\"{d['k']}\":\n    pass\n"),
]
UNTOUCHED = [
    "with (a):\n    pass\n",
    "with (a, b) as c:\n    pass\n",
    "with (a, b), c:\n    pass\n",
    "with (yield x):\n    pass\n",
    "with (a / b).open() as f:\n    pass\n",
    '"""Do it with (a, b): twice."""\n# with (a as b):\n',
]


@pytest.mark.parametrize("source, expected", REWRITES)
def test_the_brackets_go_and_lines_keep_their_numbers(source, expected):
    assert may_need_rewriting(source) and may_need_rewriting(source.encode())
    out = transpile(source, "3.8", "m.py")
    assert out == expected
    assert transpile(out, "3.8", "m.py") == out
    assert "with (" in transpile(source, "3.9") or "with(" in transpile(source, "3.9")  # 3.9 reads them


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_is_one_expression_in_brackets_is_left_alone(source):
    assert transpile(source, "3.8") == source
    assert find_problems(source, "3.8") == []


def test_check_reports_fb402_for_38_only():
    source = REWRITES[0][0] + REWRITES[1][0]
    assert find_problems(source, "3.8") == [(1, 1, PARENTHESIZED_WITH), (3, 1, PARENTHESIZED_WITH)]
    assert find_unlowered(source, "3.8") == []
    assert find_problems(source, "3.9") == []


def test_a_comment_inside_the_brackets_moves_to_the_header_line():
    source = "with (\n    a as b,  # the first\n    # c, then\n    c,\n):\n    pass\n"
    expected = "with \\\n    a as b,  \\\n    \\\n    c \\\n:  # the first  # c, then\n    pass\n"
    assert transpile(source, "3.8", "m.py") == expected
    one_line = "with (a,  # a\n      b): pass  # body\n"
    assert transpile(one_line, "3.8", "m.py") == "with a,  \\\n      b: pass  # body  # a\n"
    assert transpile(source, "3.9") == source


def test_what_315_refuses_gets_its_error():
    assert_refused_as_315_does(["with (a as b), c:\n    pass\n", "with (a as b).x:\n    pass\n"])


# Two context managers that say when they enter and leave, and what they
# give; the with statements in every lowered form.
MODULE = '''\
class Manager:
    def __init__(self, name):
        self.name = name

    def __enter__(self):
        print("enter", self.name)
        return self.name.upper()

    def __exit__(self, *exc):
        print("exit", self.name)


with (Manager("a") as a, Manager("b") as b):
    print(a, b)
with (Manager("c"), Manager("d")):
    print("body")
with (
    Manager("e") as e,
    Manager("f"),
):
    print(e)
with (Manager("g"),):
    print("one")
with (
    Manager("h") as h,  # the first
    # then the second
    Manager("i"),
):
    print(h)
'''


@pytest.mark.slow  # two interpreters
@pytest.mark.parametrize("version", ["3.8", "3.15"])
def test_a_module_enters_and_leaves_as_on_315(version, tmp_path):
    original = tmp_path / "original.py"
    original.write_text(MODULE)
    expected = subprocess.run([oracle(), str(original)], capture_output=True, text=True)
    assert expected.returncode == 0, expected.stderr
    assert expected.stdout.count("enter") == 9
    lowered = tmp_path / "lowered.py"
    lowered.write_text(transpile(MODULE, "3.8", "m.py"))
    got = subprocess.run([executable(version), str(lowered)], capture_output=True, text=True)
    assert (got.returncode, got.stdout) == (0, expected.stdout), got.stderr


def test_the_hook_lowers_them_on_this_python(tmp_path):
    """Imported through the hook, on 3.8 too, the brackets are no tuple."""
    source = "from contextlib import nullcontext as c\nwith (c(1) as a,\n      c(2) as b):\n    VALUE = a + b\n"
    got = import_through_the_hook(tmp_path, "with_pkg", source)
    assert (got.returncode, got.stdout) == (0, "3\n"), got.stderr
