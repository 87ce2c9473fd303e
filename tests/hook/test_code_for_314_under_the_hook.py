"""Code written for 3.14 under the import hook, on 3.8, 3.11, 3.13 and PyPy
3.11 as python3.15 runs the original:

- the sample library (tests/projects/tstring_library: ``from string import
  templatelib``, t-strings, lazy annotations, ``except A, B:``, a
  ``__main__``): its own tests, one of which runs ``python -m
  tstring_library`` in a child process, through ``python -m
  fstring_backport run -m pytest`` and through the plugin (``pytest
  --fstring-backport``), and its ``__main__`` through ``run -m``.  Its
  pyproject.toml sets ``future-annotations``, which the hook reads;
- a package whose only 3.14 syntax is ``except A, B:`` (no f-string, no
  t-string), under ``FSTRING_BACKPORT_HOOK``, ``run`` and the plugin.

Each Python gets one virtual environment for the module, with pytest and
fstring-backport built from this checkout: a child process needs the
``.pth`` file that installing it puts in site-packages, the plugin its
entry point.  No bytecode is written, so each way of running transpiles
what it imports, but the library's ``__main__`` runs twice, the second time
from the hook's cache that the first wrote.  The library's wheel and command line:
tests/build/test_tstring_library_wheel.py, tests/cli/test_tstring_library_cli.py.
"""

import re
import shutil
import sys
from pathlib import Path
from typing import Callable, Dict, List

import pytest

from support.hooked import WAYS, package_wheel, pytest_command, python, venv_with_the_package
from support.pythons import PROJECTS, executable, oracle, plain_environment

pytestmark = [
    pytest.mark.slow,
    # The virtual environments run every version named, whatever runs this.
    pytest.mark.skipif(
        sys.version_info[:2] != (3, 11) or sys.implementation.name != "cpython",
        reason="one host is enough: the tests run 3.8, 3.11, 3.13 and PyPy 3.11 themselves",
    ),
]

VERSIONS = ["3.8", "3.11", "3.13", "pypy3.11"]
LIBRARY = PROJECTS / "tstring_library"
MAIN = ["-m", "tstring_library", "Ann <3", "2"]


@pytest.fixture(scope="module")
def venvs(tmp_path_factory) -> Callable[[str], str]:
    """The python of the virtual environment of a version, made on first use."""
    work = tmp_path_factory.mktemp("venvs")
    wheel = package_wheel(work / "wheel")
    made: Dict[str, str] = {}

    def python_of(version: str) -> str:
        if version not in made:
            made[version] = venv_with_the_package(work / version, executable(version), wheel, "pytest")
        return made[version]

    return python_of


def env_for(folder: Path, write_bytecode: bool = False) -> Dict[str, str]:
    # Only the project on PYTHONPATH: fstring_backport is the environment's own.
    return plain_environment(folder, write_bytecode=write_bytecode)


def passed_tests(output: str, module: str) -> List[str]:
    """The tests of ``module`` that pytest's -rA summary says passed."""
    return sorted(re.findall(rf"^PASSED {re.escape(module)}::(\w+)$", output, re.M))


# -- the sample library ---------------------------------------------------------


@pytest.fixture(scope="module")
def library(tmp_path_factory) -> Path:
    """A copy: pytest run in the checkout would take the repository's own
    configuration and conftest.py."""
    copy = tmp_path_factory.mktemp("library") / "tstring_library"
    shutil.copytree(str(LIBRARY), str(copy), ignore=shutil.ignore_patterns("__pycache__"))
    return copy


@pytest.fixture(scope="module")
def expected(library) -> Dict[str, object]:
    """python3.15 running the original: its ``__main__``, and which of its
    tests pass (run as a script, which prints one line for each)."""
    env = plain_environment(library / "src")
    main = python(MAIN, env, library, oracle())
    tests = python(["tests/test_lib.py"], env, library, oracle())
    assert main.returncode == 0 and tests.returncode == 0, main.stderr + tests.stderr
    passed = sorted(re.findall(r"^(\w+) passed$", tests.stdout, re.M))
    assert len(passed) == 9 and "test_the_command_line_in_a_child_process" in passed
    return {"main": main.stdout, "tests": passed}


@pytest.mark.parametrize("version", VERSIONS)
def test_the_library_runs_under_the_hook_as_on_315(version, venvs, library, expected):
    venv_python = venvs(version)
    env = env_for(library / "src")
    for way in ("run", "plugin"):
        args = pytest_command(**WAYS[way]) + ["-p", "no:cacheprovider", "-rA", "tests/test_lib.py"]
        result = python(args, env, library, venv_python)
        assert result.returncode == 0, f"{way}:\n{result.stdout}{result.stderr}"
        assert passed_tests(result.stdout, "tests/test_lib.py") == expected["tests"], way
    for cache in ("written", "read"):
        main = python(["-m", "fstring_backport", "run", *MAIN], env_for(library / "src", True), library, venv_python)
        assert (main.returncode, main.stdout) == (0, expected["main"]), f"{cache}:\n{main.stderr}"


# -- except A, B: alone ----------------------------------------------------------

# No f-string, no t-string, no templatelib: only the clauses send these
# modules to the transpiler.
CATCHING = {
    "catching/__init__.py": "",
    "catching/numbers.py": (
        '"""Numbers from text, as 3.14 writes except clauses."""\n'
        "\n"
        "\n"
        "def to_number(text):\n"
        "    try:\n"
        "        return int(text)\n"
        "    except ValueError, TypeError:\n"
        "        return None\n"
        "\n"
        "\n"
        "def lookup(table, key):\n"
        "    try:\n"
        "        return table[key]\n"
        "    except (\n"
        "        KeyError\n"
        "    ), IndexError:\n"
        "        return 'missing'\n"
    ),
    "catching/__main__.py": (
        "from catching.numbers import lookup, to_number\n"
        "\n"
        "print([to_number(text) for text in ('12', 'x', None)], lookup({}, 1), lookup([], 0))\n"
    ),
    # The project's tests, in old syntax: only the package needs the hook.
    "tests/test_catching.py": (
        "from catching.numbers import lookup, to_number\n"
        "\n"
        "\n"
        "def test_to_number():\n"
        "    assert [to_number(text) for text in ('12', 'x', None)] == [12, None, None]\n"
        "\n"
        "\n"
        "def test_lookup():\n"
        "    assert [lookup({1: 'a'}, 1), lookup({}, 1), lookup([], 0)] == ['a', 'missing', 'missing']\n"
        "\n"
        "\n"
        "if __name__ == '__main__':\n"
        "    test_to_number()\n"
        "    test_lookup()\n"
        "    print('passed')\n"
    ),
}


@pytest.fixture(scope="module")
def catching(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("catching")
    for name, text in CATCHING.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    return folder


@pytest.fixture(scope="module")
def catching_on_315(catching) -> str:
    """python3.15's output of ``python -m catching``; the pinned values of the
    project's tests checked there too."""
    env = plain_environment(catching)
    tests = python(["tests/test_catching.py"], env, catching, oracle())
    assert tests.stdout == "passed\n", tests.stderr
    main = python(["-m", "catching"], env, catching, oracle())
    assert main.returncode == 0, main.stderr
    return main.stdout


@pytest.mark.parametrize("version", VERSIONS)
def test_a_module_whose_only_314_syntax_is_except_a_b(version, venvs, catching, catching_on_315):
    venv_python = venvs(version)
    env = env_for(catching)
    plain = python(["-m", "catching"], env, catching, venv_python)
    assert plain.returncode != 0 and "SyntaxError" in plain.stderr  # not valid before 3.14
    hooked = python(["-m", "catching"], dict(env, FSTRING_BACKPORT_HOOK="catching"), catching, venv_python)
    assert (hooked.returncode, hooked.stdout) == (0, catching_on_315), hooked.stderr
    run = python(["-m", "fstring_backport", "run", "-m", "catching"], env, catching, venv_python)
    assert (run.returncode, run.stdout) == (0, catching_on_315), run.stderr
    args = pytest_command(plugin=True) + ["-p", "no:cacheprovider", "-rA", "tests/test_catching.py"]
    tests = python(args, env, catching, venv_python)
    assert tests.returncode == 0, tests.stdout + tests.stderr
    assert passed_tests(tests.stdout, "tests/test_catching.py") == ["test_lookup", "test_to_number"]
