"""transpile() on the Python 3.13 standard library.

Every file that Python 3.11 already compiles comes back byte-identical; the
files 3.11 rejects only for their f-strings compile on 3.11 once transpiled
and, on 3.13, have the original's AST once temporaries are folded back.
"""

import ast
import sys

import pytest

from conftest import FSTRING_ONLY_IN_313, compiles_with, stdlib_dir, stdlib_files
from fstring_backport import TranspileError, transpile
from fstring_backport.safety import _Normalise

FSTRING_ONLY = FSTRING_ONLY_IN_313


def relative(path):
    return path.relative_to(stdlib_dir("3.13")).as_posix()


@pytest.fixture(scope="module")
def transpiled():
    """{path: (original bytes, transpiled bytes)} for the whole 3.13 stdlib."""
    result = {}
    for path in stdlib_files("3.13"):
        data = path.read_bytes()
        try:
            result[path] = (data, transpile(data, (3, 8), filename=str(path)))
        except TranspileError:
            result[path] = (data, None)  # bad-syntax fixtures, checked below
    return result


def test_files_python_311_accepts_come_back_byte_identical(transpiled):
    accepted = compiles_with("3.11", list(transpiled))
    differ = [str(p) for p, (data, out) in transpiled.items() if accepted[str(p)] and out != data]
    assert differ == []
    assert sum(accepted.values()) > 1500


def test_only_the_fstring_files_are_rewritten_and_they_compile_on_311(transpiled, tmp_path):
    changed = {p: out for p, (data, out) in transpiled.items() if out is not None and out != data}
    names = {relative(p) for p in changed}
    # test_fstring.py is rewritten too; 3.11 rejects it for other reasons as well.
    assert names == FSTRING_ONLY | {"test/test_fstring.py"}
    paths = []
    for path, out in changed.items():
        if relative(path) in FSTRING_ONLY:
            target = tmp_path / relative(path).replace("/", "__")
            target.write_bytes(out)
            paths.append(target)
    assert all(compiles_with("3.11", paths).values())


@pytest.mark.skipif(sys.version_info < (3, 13), reason="parses the 3.13 sources")
def test_rewritten_files_keep_their_ast_on_313(transpiled):
    for path, (data, out) in transpiled.items():
        if out is None or out == data:
            continue
        names = {}
        new_tree = ast.parse(out)
        for stmt in new_tree.body:
            if isinstance(stmt, ast.Assign) and isinstance(stmt.targets[0], ast.Name):
                if stmt.targets[0].id.startswith("_fstring_backport"):
                    names[stmt.targets[0].id] = ast.literal_eval(stmt.value)
        assert names or relative(path) != "dataclasses.py"
        expected = ast.dump(_Normalise({}).visit(ast.parse(data)))
        assert ast.dump(_Normalise(names).visit(new_tree)) == expected, path


def test_rejected_files_are_rejected_by_313_too(transpiled):
    rejected = [p for p, (data, out) in transpiled.items() if out is None]
    assert not any(compiles_with("3.13", rejected).values())
