"""Real builds, for the tests of tests/build: the hosts they run on, fresh
virtual environments of any interpreter, copies of the sample projects of
tests/projects, and what a wheel holds.  The fixtures that build the host
environment are in tests/build/conftest.py."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Callable, TypeVar

import pytest

from .pythons import PROJECTS, REPO, executable, oracle, plain_environment

# What the samples written with f-strings (hatch_sample, setuptools_sample) print.
PRINT_VALUES = "import json, {0}; print(json.dumps({0}.values()))"

# The Python running the tests, as the builds' host and as one more user of
# the wheels.  PyPy 3.11 rejects 3.12 f-strings as CPython 3.11 does.
HOST = "host"
PYPY = sys.implementation.name == "pypy"
# Two build hosts, the newest CPython and PyPy (the wrapper backend's real
# builds run on 3.8 and 3.11: tests/build/test_wrapped_builds.py).
_real_builds = pytest.mark.skipif(
    not (PYPY or sys.version_info[:2] == (3, 15)),
    reason="real builds (virtual environments for the host, 3.8 and 3.11) run on CPython 3.15 and PyPy 3.11",
)
# The backends the host's environment builds with, without isolation.
BACKENDS = ["hatchling", "editables", "setuptools>=64", "wheel"]

Test = TypeVar("Test", bound=Callable[..., object])

# A module with newer grammar that fstring-backport names and does not lower
# (a match statement: Python 3.10), and a 3.12 f-string that it rewrites: a
# build for 3.8 must refuse it, one for 3.10 ship it transpiled.
MATCH_MODULE = b"""\
# Routes, matched.


def route(path):
    match path.strip("/").split("/"):
        case ["users", name]:
            return f"{"user"} {name}"
        case _:
            return None
"""


def match_problem(shown: str) -> str:
    """The line a build for 3.8 refuses :data:`MATCH_MODULE` with, shown as ``shown``."""
    return f"{shown}:5:5: FB407 match statement needs Python 3.10 (target 3.8)"


def heavy(test: Test) -> Test:
    """A real build: slow, and run on CPython 3.15 and PyPy 3.11 only."""
    return pytest.mark.slow(_real_builds(test))


def make_venv(python: str, folder: Path) -> None:
    """A virtual environment with pip: ``-m venv`` where the interpreter's
    ensurepip works (pyenv's), else virtualenv (Debian's 3.14, 3.15 and PyPy
    take ensurepip's pip from the host; today's virtualenv no longer seeds
    3.8 environments)."""
    made = subprocess.run([python, "-m", "venv", str(folder)], capture_output=True, text=True, check=False)
    if made.returncode == 0:
        return
    shutil.rmtree(str(folder), ignore_errors=True)
    subprocess.run(
        [sys.executable, "-m", "virtualenv", "-q", "--no-periodic-update", "-p", python, str(folder)],
        check=True,
    )


class Venv:
    """A fresh virtual environment of ``python3.X`` (or ``pypy3.11``), or of
    the host for ``"host"``."""

    def __init__(self, folder: Path, version: str) -> None:
        make_venv(sys.executable if version == HOST else executable(version), folder)
        self.folder = folder
        self.python = str(folder / "bin" / "python")

    def run(
        self, *args: str, cwd: Path = REPO, check: bool = True, deprecations: bool = False, **changes: str | None
    ) -> subprocess.CompletedProcess:
        # No PYTHONPATH: what runs here is what is installed here.  Deprecations
        # are shown when asked for, in this process and the backend's;
        # ``changes`` are applied to the environment last (None removes).
        warnings = "default::DeprecationWarning,default::PendingDeprecationWarning" if deprecations else None
        result = subprocess.run(
            [self.python] + list(args),
            check=False,  # a failure is reported below, with the output
            cwd=str(cwd),
            env=plain_environment(**{"PYTHONWARNINGS": warnings, **changes}),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        if check and result.returncode != 0:
            pytest.fail("{} failed:\n{}".format(" ".join(args), result.stdout))
        return result

    def pip(self, *args: str, check: bool = True, **changes: str | None) -> subprocess.CompletedProcess:
        return self.run("-m", "pip", "--disable-pip-version-check", "-q", *args, check=check, **changes)

    def values(self, package: str) -> list[str]:
        return json.loads(self.run("-c", PRINT_VALUES.format(package), cwd=self.folder).stdout)


def expected_values(package: str) -> list[str]:
    """What the oracle computes running the original sources of the sample
    ``package`` (one written with f-strings, as :data:`PRINT_VALUES` reads)."""
    result = subprocess.run(
        [oracle(), "-B", "-c", PRINT_VALUES.format(package)],
        env=plain_environment(PROJECTS / package / "src"),
        stdout=subprocess.PIPE,
        check=True,
        text=True,
    )
    return json.loads(result.stdout)


def our_wheel(work: Path) -> Path:
    """fstring-backport's wheel, built from this checkout into ``work/ours``
    by the ``builder`` fixture."""
    [wheel] = (work / "ours").glob("fstring_backport-*.whl")
    return wheel


def copy_project(name: str, destination: Path) -> Path:
    """A copy of the sample project ``tests/projects/<name>``, without what a build left there."""
    ignored = shutil.ignore_patterns("__pycache__", "build", "dist", "*.egg-info")
    return Path(shutil.copytree(str(PROJECTS / name), str(destination), ignore=ignored))


def source_files(package: str) -> dict[str, bytes]:
    """The ``.py`` files of the sample ``package``'s ``src/``, by their path there
    (the path a wheel ships them at)."""
    src = PROJECTS / package / "src"
    return {p.relative_to(src).as_posix(): p.read_bytes() for p in sorted(src.rglob("*.py"))}


def python_files(wheel: Path) -> dict[str, bytes]:
    """The ``.py`` files of ``wheel``, by their path in it."""
    with zipfile.ZipFile(str(wheel)) as archive:
        return {name: archive.read(name) for name in archive.namelist() if name.endswith(".py")}
