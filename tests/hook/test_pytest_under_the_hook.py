"""pytest over a project written in the new syntax, with the hook switched on
every way at once: ``install()`` in the package, ``FSTRING_BACKPORT_HOOK``,
``python -m fstring_backport run -m pytest`` and the plugin
(``--fstring-backport``), in every combination.

Their finders ask other finders where a module is; together they must
never ask each other without end (a RecursionError in every test module,
or an INTERNALERROR).  The project's tests also start ``python -m greet``:
a child process gets the hook from each of them (``install()`` by the
package itself, the others through the environment and the ``.pth`` file
of the installed fstring-backport).  Under ``run`` or the plugin, a test
module in the new syntax runs too.

The values the tests pin are checked against the oracle (python3.15)
running the same tests natively.
"""

import itertools
import json
import re
import sys
from pathlib import Path
from typing import Dict, Tuple

import pytest

from support.hooked import installed_python, pytest_command, python, run_project_tests
from support.pythons import child_environment, cpython_host_in, oracle

pytestmark = pytest.mark.slow

LOWERS = sys.version_info < (3, 14)

INSTALL = "import fstring_backport\n\nfstring_backport.install(__name__)\n"

PROJECT = {
    "pytest.ini": "[pytest]\n",
    "greet/__init__.py": "",
    "greet/words.py": (
        '"""3.12 f-strings and a 3.14 t-string."""\n'
        "from string.templatelib import Template\n"
        "\n"
        'NAMES = {"first": "Ann"}\n'
        "\n"
        "\n"
        "def hello():\n"
        '    return f"hello {NAMES["first"]}"\n'
        "\n"
        "\n"
        "def template() -> Template:\n"
        '    return t"hi {NAMES["first"]}!"\n'
    ),
    "greet/__main__.py": 'from greet.words import hello\n\nprint(f"{hello()} from {"a child"}")\n',
    # In old syntax: every way of running can collect it.
    "tests/test_greet.py": (
        "import subprocess\n"
        "import sys\n"
        "\n"
        "from greet import words\n"
        "\n"
        "\n"
        "def test_hello():\n"
        '    assert words.hello() == "hello Ann"\n'
        "\n"
        "\n"
        "def test_template():\n"
        '    assert words.template().strings == ("hi ", "!")\n'
        "\n"
        "\n"
        "def test_a_child_process():\n"
        '    child = subprocess.run([sys.executable, "-m", "greet"], capture_output=True, text=True)\n'
        "    assert child.returncode == 0, child.stderr\n"
        '    assert child.stdout == "hello Ann from a child\\n"\n'
    ),
    # In the new syntax: only under run or the plugin.
    "tests/test_new_syntax.py": (
        "from greet.words import NAMES\n"
        "\n"
        "\n"
        "def test_new_syntax():\n"
        '    assert f"{NAMES["first"]}" == "Ann"\n'
        '    assert t"{NAMES["first"]}".values == ("Ann",)\n'
    ),
}
TESTS = {"tests/test_greet.py": 3, "tests/test_new_syntax.py": 1}


def write_project(folder: Path, files: Dict[str, str]) -> Path:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    return folder


def test_the_pinned_values_are_315s(tmp_path):
    """The project's tests pass natively on the oracle, child process included."""
    project = write_project(tmp_path, PROJECT)
    script = (
        "import json, tests.test_greet as a, tests.test_new_syntax as b\n"
        "tests = [a.test_hello, a.test_template, a.test_a_child_process, b.test_new_syntax]\n"
        "for test in tests:\n"
        "    test()\n"
        "print(json.dumps(len(tests)))\n"
    )
    result = python(["-c", script], child_environment(PYTHONPATH=str(project)), project, oracle())
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == sum(TESTS.values())


WAYS = ("install", "FSTRING_BACKPORT_HOOK", "run", "plugin")
# Every combination on 3.8 and 3.11 (the hook lowers f-strings there) and on
# 3.13 (the newest whose import system it hooks for t-strings); on the
# matrix's other Pythons, none, each way alone and all four: the same finders
# meet in the same order, and each pytest started costs seconds (on PyPy, 8).
EVERY_COMBINATION_HERE = cpython_host_in("3.8", "3.11", "3.13")
COMBINATIONS = [
    ways
    for count in range(len(WAYS) + 1)
    for ways in itertools.combinations(WAYS, count)
    if EVERY_COMBINATION_HERE or count in (0, 1, len(WAYS))
]


@pytest.mark.parametrize("ways", COMBINATIONS, ids=lambda ways: "+".join(ways) or "none")
def test_every_combination_runs_the_tests_and_reaches_child_processes(tmp_path, ways: Tuple[str, ...]):
    files = dict(PROJECT)
    if "install" in ways:
        files["greet/__init__.py"] = INSTALL
    project = write_project(tmp_path, files)
    new_syntax_tests = "run" in ways or "plugin" in ways
    args = pytest_command(under_run="run" in ways, plugin="plugin" in ways)
    args += ["-p", "no:cacheprovider", "-rA", "tests/test_greet.py"]
    if new_syntax_tests:
        args.append("tests/test_new_syntax.py")
    env = child_environment(project)
    if "FSTRING_BACKPORT_HOOK" in ways:
        env["FSTRING_BACKPORT_HOOK"] = "greet"
    result = python(args, env, project, installed_python())
    output = result.stdout + result.stderr
    assert "RecursionError" not in output and "INTERNALERROR" not in output, output
    if ways or not LOWERS:
        passed = TESTS["tests/test_greet.py"] + (TESTS["tests/test_new_syntax.py"] if new_syntax_tests else 0)
        assert result.returncode == 0, output
        assert re.search(rf"^=* ?{passed} passed in ", result.stdout, re.M), output
    else:  # nothing transpiles the package
        assert result.returncode != 0
        assert "SyntaxError" in output


@pytest.mark.parametrize("way", ["run", "plugin"])
def test_run_project_tests(tmp_path, way):
    """The helper that runs a sample project's tests each way: the new
    syntax in test modules and the package, and a child process."""
    project = write_project(tmp_path, PROJECT)
    result = run_project_tests(project, way, "-q", "tests", executable=installed_python())
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.search(rf"^{sum(TESTS.values())} passed in ", result.stdout, re.M), result.stdout
