"""A test that needs an interpreter missing from PATH: a bare pytest run
skips it and ends with one line saying how to get it; under tox (and so
scripts/test, which CI runs) it fails."""

import subprocess
import sys

import pytest

from support.pythons import REPO, child_environment

NEEDS_THE_ORACLE = "tests/engine/test_inline_constants.py::test_they_run_as_on_315"


def run_without_other_pythons(all_pythons=None):
    environment = child_environment(PATH="", FSTRING_BACKPORT_ALL_PYTHONS=all_pythons)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rs", NEEDS_THE_ORACLE],
        cwd=REPO, capture_output=True, text=True, env=environment,
    )


@pytest.mark.slow  # pytest in a process of its own
def test_a_quick_run_skips_and_says_how_to_get_it():
    result = run_without_other_pythons()
    assert result.returncode == 0, result.stdout
    assert "2 skipped" in result.stdout
    assert "Skipped what needs python3.15 (not on PATH): scripts/provide-pythons installs" in result.stdout


@pytest.mark.slow  # pytest in a process of its own
def test_under_tox_it_fails():
    result = run_without_other_pythons(all_pythons="1")
    assert result.returncode == 1, result.stdout
    assert "2 errors" in result.stdout  # in the fixture that runs python3.15
    assert "python3.15 is not on PATH (scripts/provide-pythons installs" in result.stdout
