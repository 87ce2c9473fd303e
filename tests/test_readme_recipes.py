"""README.md's recipes as a newcomer runs them, word for word.

Fresh virtual environments of python3.8 and of python3.11 as ``python3``,
with nothing of this test run in sight: the Install section's command, run
in this checkout, installs the package; then every ```console block of
README.md runs with them on PATH, and prints what README says.
(tests/test_docs_examples.py runs the same blocks against the package
under test; this test is about the install: a recipe that installs into
one Python and runs another fails here.)  The build step's recipe is
followed in tests/build/test_find_links.py.
"""

import doctest
import os
import shutil
import subprocess
import sys

import pytest

from support.builds import make_venv
from support.docs import blocks, commands
from support.pythons import REPO, executable, plain_environment

README = REPO / "README.md"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        sys.version_info[:2] != (3, 15), reason="one run a matrix: a virtual environment of 3.8, on the 3.15 host"
    ),
]


def install_commands():
    """The commands of the ```sh block under README's "## Install"."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Install") :]
    section = section[: section.index("\n## ", 1)]
    (block,) = [block for block in blocks(README) if block.language == "sh" and block.text in section]
    return [line for line in block.text.splitlines() if line.strip() and not line.startswith("#")]


def test_the_install_section_names_the_python_that_runs_the_examples():
    # A recipe run as written: the Python it installs into is the one the
    # console blocks run (python3.8 -m fstring_backport run ...).
    assert install_commands() == ["python3.8 -m pip install ."]


def test_readme_runs_as_written_in_a_fresh_environment(tmp_path):
    # A newcomer's machine: python3 is one Python (3.11), python3.8
    # another, each clean; scripts a Python installs land beside it (only
    # python3.8's folder is on PATH, after python3's own link).
    for version in ("3.8", "3.11"):
        make_venv(executable(version), tmp_path / version)
    links = tmp_path / "links"
    links.mkdir()
    (links / "python3").symlink_to(tmp_path / "3.11" / "bin" / "python")
    path = os.pathsep.join([str(links), str(tmp_path / "3.8" / "bin"), os.environ.get("PATH", "")])
    env = plain_environment(PATH=path, PYENV_VERSION=None)
    env.update(COLUMNS="80", NO_COLOR="1", TERM="dumb", PIP_DISABLE_PIP_VERSION_CHECK="1")
    for command in install_commands():
        installed = subprocess.run(
            ["sh", "-c", command], cwd=str(REPO), env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        assert installed.returncode == 0, installed.stdout
    work = tmp_path / "work"
    shutil.copytree(str(REPO / "examples"), str(work / "examples"))
    checker = doctest.OutputChecker()
    consoles = [block for block in blocks(README) if block.language == "console"]
    assert consoles, "README.md has no console block"
    for block in consoles:
        for command, expected in commands(block):
            result = subprocess.run(
                ["sh", "-c", command], cwd=str(work), env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                text=True, timeout=120,
            )
            assert checker.check_output(expected, result.stdout, doctest.ELLIPSIS), (
                f"{block.name}: $ {command}\nexpected:\n{expected}got:\n{result.stdout}"
            )
