"""Lazy imports (PEP 810, 3.15) before 3.15: FB414, lowered to plain imports
named in ``__lazy_modules__``.

3.15 makes a plain import lazy when the module's ``__lazy_modules__`` names
what it imports, and older Pythons ignore the name: the rewrite takes out
``lazy`` and assigns the list at the top (or, where no line can take it,
in front of each lazy import), for every target before 3.15, and
``--check`` reports it.  What the rewritten modules do is compared with
python3.15 running the originals: lazy there, eager before.
"""

import subprocess
import sys

import pytest

from fstring_backport import transpile
from fstring_backport.engine.pipeline import find_problems, find_unlowered
from fstring_backport.engine.prefilter_rewrites import may_need_rewriting
from fstring_backport.engine.rules import LAZY_IMPORT

from support.hooked import import_through_the_hook
from support.pythons import (
    assert_refused_as_315_does,
    child_environment,
    executable,
    oracle,
    stdlib_dir,
)

PACKAGE = '(__package__ or "")'
# (source, its output for every target before 3.15), each written by hand
REWRITES = [
    (
        '"""Doc."""\nimport sys\nlazy import json\n',
        '"""Doc."""; __lazy_modules__ = [\'json\']\nimport sys\nimport json\n',
    ),
    ("lazy import json\nprint(1)\n", "__lazy_modules__ = ['json']; import json\nprint(1)\n"),
    ("# a comment\nlazy from os import path\n", "__lazy_modules__ = ['os']  # a comment\nfrom os import path\n"),
    (
        "x = 1\nlazy import a.b.c as d, e\nlazy  from  f.g  import  (h,\n    i)\n",
        "__lazy_modules__ = ['a.b.c', 'e', 'f.g']; x = 1\nimport a.b.c as d, e\nfrom  f.g  import  (h,\n    i)\n",
    ),
    (
        "x = 1\nlazy from . import a\nlazy from .b import c\nlazy from ...d.e import f\n",
        (
            f"__lazy_modules__ = [{PACKAGE}, {PACKAGE} + '.b', {PACKAGE}.rsplit(\".\", 2)[0] + '.d.e']; x = 1\n"
            "from . import a\nfrom .b import c\nfrom ...d.e import f\n"
        ),
    ),
    # in blocks that 3.15 allows, after ";" and a header's ":"
    (
        (
            "x = 1\nif x: lazy import a\nwith y:\n    z = 2; lazy import b\nfor w in v:\n    pass\nelse:\n"
            "    lazy import a\n"
        ),
        (
            "__lazy_modules__ = ['a', 'b']; x = 1\nif x: import a\nwith y:\n    z = 2; import b\nfor w in v:\n"
            "    pass\nelse:\n    import a\n"
        ),
    ),
    # a module that a plain import imports too is not listed (3.15 would
    # make that import lazy): eager on 3.15 too
    (
        (
            "lazy from . import a\nlazy import b, c.d\nif x:\n    from . import e\n    import c.d\n"
            "try:\n    import b\nexcept E:\n    pass\n"
        ),
        (
            "__lazy_modules__ = ['b']; from . import a\nimport b, c.d\nif x:\n    from . import e\n    import c.d\n"
            "try:\n    import b\nexcept E:\n    pass\n"
        ),
    ),
    ("import a\nlazy import a\n", "import a\nimport a\n"),
    # a backslash that joins the lines stays
    ("x = 1\nlazy \\\n    import json\n", "__lazy_modules__ = ['json']; x = 1\nimport\\\n     json\n"),
    # no line above the first statement, a compound one: the list goes in front of each
    (
        "if x:\n    lazy import a\nlazy from b import c\n",
        "if x:\n    __lazy_modules__ = ['a', 'b']; import a\n__lazy_modules__ = ['a', 'b']; from b import c\n",
    ),
]
UNTOUCHED = [
    "lazy = 1\nlazy.import_module('x')\n",
    "import lazy\nfrom lazy import x\n",
    '"""A lazy import: lazy import json."""\n# lazy from os import path\nx = "lazy import y"\n',
    "x.lazy\nlazy_import = 1\nprint(lazy, import_)\n",
]
# What 3.15 refuses: its words and places, not a plain import
ERRORS = [
    "def f():\n    lazy import json\n",
    "async def f():\n    lazy from os import path\n",
    "class C:\n    x = 1; lazy import json\n",
    "def f():\n    class C:\n        lazy import json\n",
    "class C:\n    def f(self):\n        lazy import json\n",
    "try:\n    lazy import json\nexcept ImportError:\n    pass\n",
    "try:\n    pass\nexcept* E:\n    lazy import json\n",
    "try:\n    pass\nfinally:\n    lazy from a import b\n",
    "try:\n    pass\nexcept E:\n    pass\nelse: lazy import j\n",
    "try:\n    if x:\n        lazy import json\nexcept E:\n    pass\n",
    "def f():\n    try:\n        lazy import j\n    except E:\n        pass\n",
    "lazy from __future__ import annotations\n",
    "lazy from os import *\n",
]
TARGETS = ["3.8", "3.11", "3.12", "3.13", "3.14"]


@pytest.mark.parametrize("source, expected", REWRITES)
@pytest.mark.parametrize("target", TARGETS)
def test_lazy_goes_and_the_list_is_assigned(source, expected, target):
    assert may_need_rewriting(source) and may_need_rewriting(source.encode())
    out = transpile(source, target, "m.py")
    assert out == expected
    assert transpile(out, target, "m.py") == out
    assert transpile(source.encode(), target, "m.py") == expected.encode()
    assert transpile(source, "3.15") is source


@pytest.mark.parametrize("source", UNTOUCHED)
@pytest.mark.parametrize("target", TARGETS)
def test_what_is_not_a_lazy_import_is_left_alone(source, target):
    assert transpile(source, target) == source
    assert find_problems(source, target) == []


def test_check_reports_fb414_at_lazy_for_every_target_before_315():
    source = REWRITES[3][0]
    for target in TARGETS:
        assert find_problems(source, target) == [(2, 1, LAZY_IMPORT), (3, 1, LAZY_IMPORT)]
        assert find_unlowered(source, target) == []  # lowered: nothing left to name
    assert find_problems(source, "3.15") == []


def test_errors_are_315s_words_and_places():
    expected = assert_refused_as_315_does(ERRORS, ("3.8", "3.14"))
    assert expected[0][0] == "lazy import not allowed inside functions"


# A package whose modules import lazily: what each module has loaded
# before and after it uses what it imports, and the values.
PACKAGE_FILES = {
    "pkg/__init__.py": """\
import sys
lazy import json
lazy from . import helper
lazy from .sub import tool as t
lazy from os import path as p


def loaded():
    return [name for name in ("json", "pkg.helper", "pkg.sub.tool") if name in sys.modules]


before = loaded()
value = (json.dumps([1]), helper.NAME, t.NAME, p.sep)
print("pkg", before, loaded(), value)
import pkg.other
""",
    "pkg/helper.py": 'print("loading helper")\nNAME = "helper"\n',
    "pkg/sub/__init__.py": "",
    "pkg/sub/tool.py": 'print("loading tool")\nNAME = "tool"\n',
    "pkg/other.py": '''\
"""A module with a docstring, and a lazy import in a block."""
import sys

if sys:
    lazy import csv
    print("other", "csv" in sys.modules, csv.QUOTE_ALL, "csv" in sys.modules)
''',
}
RUN = "import pkg"


def _write(root, files):
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def _run(python, root):
    return subprocess.run(
        [python, "-c", RUN], cwd=str(root), capture_output=True, text=True, env=child_environment()
    )


@pytest.mark.slow  # six interpreters
@pytest.mark.parametrize("version", ["3.8", "3.11", "3.12", "3.13", "3.14", "pypy3.11"])
def test_output_is_lazy_on_315_and_eager_before(version, tmp_path):
    original = tmp_path / "original"
    _write(original, PACKAGE_FILES)
    expected = _run(oracle(), original)
    assert expected.returncode == 0, expected.stderr
    # 3.15 itself: lazy, the modules loaded where they are first used
    assert expected.stdout.splitlines()[:3] == [
        "loading helper",
        "loading tool",
        "pkg [] ['json', 'pkg.helper', 'pkg.sub.tool'] ('[1]', 'helper', 'tool', '/')",
    ]
    target = version if version[0].isdigit() else "3.11"
    lowered = tmp_path / "lowered"
    _write(lowered, {name: transpile(text, target, name) for name, text in PACKAGE_FILES.items()})
    # The output run by 3.15 is as lazy as the original.
    again = _run(oracle(), lowered)
    assert (again.returncode, again.stdout) == (0, expected.stdout), again.stderr
    # Run by the target, it imports eagerly, with the same values.
    got = _run(executable(version), lowered)
    assert got.returncode == 0, got.stderr
    eager = expected.stdout.replace("pkg []", "pkg ['json', 'pkg.helper', 'pkg.sub.tool']")
    eager = eager.replace("other False", "other True")
    assert got.stdout == eager


def test_the_hook_lowers_a_lazy_import_on_this_python(tmp_path):
    """Imported through the hook on the running Python (3.8-3.14), a lazy
    import runs as a plain one."""
    if sys.version_info >= LAZY_IMPORT.needs:
        pytest.skip("3.15 reads lazy imports itself")
    got = import_through_the_hook(tmp_path, "lazy_pkg", "lazy import json\nVALUE = json.dumps({'a': 1})\n")
    assert (got.returncode, got.stdout) == (0, '{"a": 1}\n'), got.stderr


def test_cpythons_own_bad_lazy_imports_get_its_errors():
    """CPython 3.15's test data of lazy imports it refuses (test_lazy_import)."""
    folder = stdlib_dir("3.15") / "test" / "test_lazy_import" / "data" / "badsyntax"
    sources = [path.read_text("utf-8") for path in sorted(folder.glob("*.py"))]
    assert len(sources) >= 6
    assert_refused_as_315_does(sources, ("3.11",))
