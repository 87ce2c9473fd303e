"""The sample library written for 3.14 (tests/projects/tstring_library),
through the command line: ``-o``, with ``future-annotations`` from its
pyproject.toml, then its own tests and its ``__main__`` on 3.8, 3.11, 3.13
and PyPy 3.11, as python3.15 runs the original.  Its wheel:
tests/build/test_tstring_library_wheel.py; under the import hook:
tests/hook/test_code_for_314_under_the_hook.py.
"""

import shutil
import subprocess

import pytest

from support.cli import run
from support.pythons import PROJECTS, child_environment, executable, interpreter, oracle, plain_environment

LIBRARY = PROJECTS / "tstring_library"
MAIN = ["-m", "tstring_library", "Ann <3", "2"]
TESTS = ["tests/test_lib.py"]


def run_python(python, project, args, env):
    """What ``python`` prints running ``args`` in the folder ``project``, given the environment ``env``."""
    result = subprocess.run([python, *args], cwd=str(project), capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.fixture(scope="module")
def expected():
    env = plain_environment(LIBRARY / "src")
    return {"main": run_python(oracle(), LIBRARY, MAIN, env), "tests": run_python(oracle(), LIBRARY, TESTS, env)}


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    out = tmp_path_factory.mktemp("cli") / "tstring_library"
    result = run(str(LIBRARY), "-o", str(out), "--copy-files")
    assert result.returncode == 0, result.stderr
    return out


@pytest.mark.slow  # a process per interpreter and run
@pytest.mark.parametrize("version", ["3.8", "3.11", "3.13", "pypy3.11"])
def test_the_library_and_its_tests_run_as_on_315(version, expected, written):
    python = executable(version)
    env = child_environment(written / "src")
    assert expected["tests"].count(" passed\n") == 9
    assert run_python(python, written, TESTS, env) == expected["tests"]
    assert run_python(python, written, MAIN, env) == expected["main"]


SETTING = "[tool.fstring-backport]\nfuture-annotations = true\n"


@pytest.mark.slow
def test_without_future_annotations_it_fails_on_311(tmp_path):
    library = tmp_path / "tstring_library"
    shutil.copytree(str(LIBRARY), str(library), ignore=shutil.ignore_patterns("__pycache__"))
    pyproject = library / "pyproject.toml"
    assert SETTING in pyproject.read_text()
    pyproject.write_text(pyproject.read_text().replace(SETTING, ""))
    out = tmp_path / "out"
    assert run(str(library), "-o", str(out), "--copy-files").returncode == 0
    env = child_environment(out / "src")
    failed = subprocess.run([interpreter("3.11"), *MAIN], cwd=str(out), capture_output=True, text=True, env=env)
    assert failed.returncode == 1 and "NameError: name 'Markup' is not defined" in failed.stderr
