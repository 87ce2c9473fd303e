"""The sample library written for 3.14 (tests/projects/tstring_library),
through the command line: ``-o`` with ``--future-annotations``, then its own
tests and its ``__main__`` on 3.8, 3.11, 3.13 and PyPy 3.11, as python3.15
runs the original.  Its wheel: tests/engine/test_tstring_library_wheel.py.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from support.pythons import PACKAGE_HOME, interpreter, oracle

LIBRARY = Path(__file__).resolve().parent.parent / "projects" / "tstring_library"
MAIN = ["-m", "tstring_library", "Ann <3", "2"]
TESTS = ["tests/test_lib.py"]


def python_of(version):
    if version.startswith("pypy"):
        path = shutil.which(version)
        if path is None:
            pytest.fail(f"{version} is not on PATH")
        return path
    return interpreter(version)


def run(python, project, args, extra_path=()):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(project / "src"), *extra_path]))
    result = subprocess.run([python, *args], cwd=str(project), capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.fixture(scope="module")
def expected():
    return {"main": run(oracle(), LIBRARY, MAIN), "tests": run(oracle(), LIBRARY, TESTS)}


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    out = tmp_path_factory.mktemp("cli") / "tstring_library"
    result = subprocess.run(
        [sys.executable, "-m", "fstring_backport", str(LIBRARY), "-o", str(out), "--copy-files"]
        + ["--future-annotations"],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(PACKAGE_HOME)),
    )
    assert result.returncode == 0, result.stderr
    return out


@pytest.mark.slow  # a process per interpreter and run
@pytest.mark.parametrize("version", ["3.8", "3.11", "3.13", "pypy3.11"])
def test_the_library_and_its_tests_run_as_on_315(version, expected, written):
    python = python_of(version)
    assert expected["tests"].count(" passed\n") == 8
    assert run(python, written, TESTS, [str(PACKAGE_HOME)]) == expected["tests"]
    assert run(python, written, MAIN, [str(PACKAGE_HOME)]) == expected["main"]


@pytest.mark.slow
def test_without_future_annotations_it_fails_on_311(tmp_path):
    out = tmp_path / "out"
    result = subprocess.run(
        [sys.executable, "-m", "fstring_backport", str(LIBRARY), "-o", str(out), "--copy-files"],
        capture_output=True,
        env=dict(os.environ, PYTHONPATH=str(PACKAGE_HOME)),
    )
    assert result.returncode == 0
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(out / "src"), str(PACKAGE_HOME)]))
    failed = subprocess.run([interpreter("3.11"), *MAIN], cwd=str(out), capture_output=True, text=True, env=env)
    assert failed.returncode == 1 and "NameError: name 'Markup' is not defined" in failed.stderr
