"""transpile() on the Python 3.14 and 3.15 standard libraries.

Every file that Python 3.11 already compiles comes back byte-identical; the
files 3.11 rejects only for their f-strings compile on 3.11 once transpiled
and, under 3.15, have the original's AST once temporaries are folded back;
so do 3.15's files with lazy imports and no grammar the tool leaves.
"""

import ast
import sys
from pathlib import Path

import pytest

from fstring_backport import TranspileError, transpile
from fstring_backport.engine.pipeline import find_unlowered
from fstring_backport.engine.safety import Helpers, _Normalise

from support.pythons import compiles_with, cpython_host_in, stdlib_dir, stdlib_files

pytestmark = pytest.mark.slow  # transpiles two standard libraries

# Every host lowers 3.15's library.  3.14's holds nearly the same files, and
# the engine's output does not depend on the host: it is lowered again only
# by the oldest host and by the two that read it natively (3.15 compares ASTs).
VERSIONS = ("3.14", "3.15") if cpython_host_in("3.8", "3.14", "3.15") else ("3.15",)
# The files of each standard library that Python 3.11 rejects only for their
# f-strings: found by compiling every file with 3.11, and read one by one.
# Other files use 3.12+ f-strings too, beside other newer syntax (3.15's
# lazy imports, PEP 695 generics, t-strings).
FSTRING_ONLY = {
    "3.14": frozenset(
        (
            "dataclasses.py",
            "pdb.py",
            "test/support/socket_helper.py",
            "test/test_codecs.py",
            "test/test_pyrepl/test_reader.py",
            "traceback.py",
            "turtle.py",
        )
    ),
    "3.15": frozenset(
        (
            "pdb.py",
            "test/support/socket_helper.py",
            "test/test_codecs.py",
            "test/test_pyrepl/test_reader.py",
            "turtle.py",
        )
    ),
}


# How lowered type statements name the runtime's type_alias: imported, or inline.
TYPE_ALIAS = ("_fstring_backport_a", "fstring_backport.templatelib")


def relative(version, path):
    return path.relative_to(stdlib_dir(version)).as_posix()


_TRANSPILED = {}


@pytest.fixture(params=VERSIONS)
def stdlib(request):
    """(version, {path: (original bytes, transpiled bytes or None)})."""
    version = request.param
    if version not in _TRANSPILED:
        result = {}
        for path in stdlib_files(version):
            data = path.read_bytes()
            try:
                result[path] = (data, transpile(data, (3, 8), filename=str(path)))
            except TranspileError:
                result[path] = (data, None)  # bad-syntax fixtures and t-strings, checked below
        _TRANSPILED[version] = result
    return version, _TRANSPILED[version]


def test_files_python_311_accepts_come_back_byte_identical(stdlib):
    version, transpiled = stdlib
    accepted = compiles_with("3.11", list(transpiled))
    differ = [str(p) for p, (data, out) in transpiled.items() if accepted[str(p)] and out != data]
    # Grammar of 3.9-3.11 (parenthesized context managers, "for x in *a,
    # *b:", ":=" in a set or a subscript, a[*b]) is lowered for older
    # targets: such a file comes back as it is for 3.11.
    for_older = [p for p in differ if transpile(transpiled[Path(p)][0], (3, 11), p) == transpiled[Path(p)][0]]
    differ = [p for p in differ if p not in for_older]
    # A module that imports string.templatelib gets the runtime's import, and nothing else.
    runtime = b"from fstring_backport.templatelib import build as _fstring_backport_t"
    imports_runtime = [p for p in differ if runtime in transpiled[Path(p)][1]]
    for path in imports_runtime:
        data, out = transpiled[Path(path)]
        assert b"templatelib" in data and len(out.splitlines()) == len(data.splitlines())
        assert [line for line in out.splitlines() if line not in data.splitlines()] == [
            line for line in out.splitlines() if runtime in line
        ]
    assert [p for p in differ if p not in imports_runtime] == []
    assert sum(accepted.values()) > 1500


def test_the_fstring_files_are_rewritten_and_compile_on_311(stdlib, tmp_path):
    version, transpiled = stdlib
    changed = {relative(version, p): out for p, (data, out) in transpiled.items() if out is not None and out != data}
    assert FSTRING_ONLY[version] | {"test/test_fstring.py"} <= set(changed)
    paths = []
    for name in FSTRING_ONLY[version]:
        target = tmp_path / name.replace("/", "__")
        target.write_bytes(changed[name])
        paths.append(target)
    assert all(compiles_with("3.11", paths).values())


@pytest.mark.parametrize("lowered_as, at_least", [(b"__lazy_modules__", {"3.15": 40}), (b"type_alias", {"3.14": 4})])
def test_the_other_lowered_files_compile_on_311_unless_they_hold_what_is_named(stdlib, tmp_path, lowered_as, at_least):
    """3.15's own modules import lazily, and 3.14's and 3.15's use type
    statements: once lowered, each compiles on 3.11 unless it holds grammar
    the tool names (type parameters...)."""
    version, transpiled = stdlib
    lowered = [(path, out) for path, (data, out) in transpiled.items() if out is not None and lowered_as in out]
    paths = []
    for path, out in lowered:
        if not find_unlowered(out, (3, 11), str(path)):
            paths.append(tmp_path / relative(version, path).replace("/", "__"))
            paths[-1].write_bytes(out)
    assert len(paths) >= at_least.get(version, 0)
    assert [path for path, ok in compiles_with("3.11", paths).items() if not ok] == []


DECORATOR = "_fstring_backport_d"
SLICE = "_fstring_backport_s"
STARRED_ANNOTATION = "_fstring_backport_v"


@pytest.mark.skipif(sys.version_info[:2] != (3, 15), reason="parses the 3.14 and 3.15 sources as 3.15 does")
def test_rewritten_files_keep_their_ast_on_315(stdlib):
    version, transpiled = stdlib
    compared = 0
    for path, (data, out) in transpiled.items():
        if out is None or out == data:
            continue
        names = {}
        new_tree = ast.parse(out)
        for stmt in new_tree.body:
            if isinstance(stmt, ast.Assign) and isinstance(stmt.targets[0], ast.Name):
                if stmt.targets[0].id.startswith("_fstring_backport") and stmt.targets[0].id not in (DECORATOR, SLICE):
                    names[stmt.targets[0].id] = ast.literal_eval(stmt.value)
        # The runtime's import (a module importing string.templatelib) goes
        # too, lazy imports are compared as plain ones, type statements as
        # the calls they became, and decorators without the function they
        # are passed through, starred subscripts and annotations as written.
        expected = ast.dump(_Normalise({}, "_fstring_backport_t", lazy_modules=True).visit(ast.parse(data)))
        helpers = Helpers(decorator=DECORATOR, slice_type=SLICE, starred_annotation=STARRED_ANNOTATION)
        normalise = _Normalise(names, "_fstring_backport_t", lazy_modules=True, type_alias=TYPE_ALIAS, helpers=helpers)
        lowered = normalise.visit(new_tree)
        assert ast.dump(lowered) == expected, path
        compared += 1
    assert compared >= len(FSTRING_ONLY[version]) + 1


def test_refused_files_are_rejected_by_313_too(stdlib):
    version, transpiled = stdlib
    refused = [p for p, (data, out) in transpiled.items() if out is None]
    assert not any(compiles_with("3.13", refused).values())
