"""The recipe of docs/build.md, "Before fstring-backport is on PyPI",
followed to the letter: fstring-backport's wheel is built from this
checkout with ``python -m pip wheel --no-deps -w WHEELS .``, and the
frontends find it there, ``python -m build`` through ``PIP_FIND_LINKS``
(its isolated environment is filled by pip) and ``uv build`` through
``--find-links``, while the backends and everything else come from PyPI.
Without that folder both fail, with the messages the page quotes: the day
fstring-backport is on PyPI those tests fail, and the section goes.

The frontends run in a fresh environment of the host, where fstring-backport
is not installed and nothing puts it on the path (plain_environment), so a
build finds it in WHEELS or nowhere; its wheels hold the modules that only
our step writes.  The sample projects are the hatchling hook's, the
setuptools step's, and the wrapper backend's around uv_build.  An editable
install (pip, and uv pip) brings fstring-backport from the folder too, and
its modules then run on 3.8 and 3.11 as python3.15 runs them.  Real builds,
on the hosts of test_build.py (CPython 3.15 and PyPy 3.11).
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

import fstring_backport
from fstring_backport import transpile
from fstring_backport.project.runtime_copies import regular_packages, runtime_for, runtime_source

from support.builds import HOST, Venv, copy_project, expected_values, heavy, python_files, source_files
from support.pythons import PROJECTS, compiles_with

# The wrapper backend's sample has no pyproject.toml of its own
# (test_wrapped_builds.py writes one per backend): this is the page's.
WRAPPED_PYPROJECT = """\
[build-system]
requires = ["fstring-backport", "uv_build>=0.9,<0.14"]
build-backend = "fstring_backport.build"

[project]
name = "wrapped"
version = "1.0"
requires-python = ">=3.8"

[tool.fstring-backport]
build-backend = "uv_build"
"""

# What each frontend says when no index has fstring-backport.
NOT_FOUND = {
    "build": "No matching distribution found for fstring-backport",
    "uv": "fstring-backport was not found in the package registry",
}

# uv runs for the frontend's own Python (not one a tox run activated), with
# nothing but its command line to find our wheel, and fetches no Python.
UV: dict[str, str | None] = {"VIRTUAL_ENV": None, "UV_FIND_LINKS": None, "UV_PYTHON_DOWNLOADS": "never"}


def make_project(sample: str, folder: Path) -> Path:
    if sample != "wrapped":
        return copy_project(sample, folder)
    project = copy_project("wrapped", folder)
    (project / "pyproject.toml").write_text(WRAPPED_PYPROJECT)
    return project


def expected_modules(sample: str) -> dict[str, bytes]:
    """What the wheel of ``sample`` ships: each module as ``transpile``
    writes it for 3.8, and the t-string runtime's copies they import."""
    originals = source_files(sample)
    regular = regular_packages(originals)
    modules = {}
    for name, original in originals.items():
        runtime = runtime_for(name, regular)
        modules[name] = transpile(original, "3.8", name, runtime=runtime.module)
        if runtime.imported_by(modules[name]):
            modules[runtime.path] = runtime_source()
    return modules


@pytest.fixture(scope="module")
def frontend(work) -> Venv:
    """A fresh environment of the host with build, pip and uv, and no fstring-backport."""
    venv = Venv(work / "frontend", HOST)
    venv.pip("install", "build", "uv")
    assert venv.run("-c", "import fstring_backport", check=False).returncode != 0
    return venv


@pytest.fixture(scope="module")
def wheels(work, frontend) -> Path:
    """The folder of the recipe: fstring-backport's wheel, built in this checkout."""
    folder = work / "wheels"
    frontend.run("-m", "pip", "wheel", "-q", "--no-deps", "-w", str(folder), ".")  # in the checkout
    assert [p.name for p in folder.iterdir()] == [f"fstring_backport-{fstring_backport.__version__}-py3-none-any.whl"]
    return folder


def pip_links(wheels: Path | None) -> str | None:
    """``PIP_FIND_LINKS`` with ``wheels`` first, and the folders this machine
    already gives pip after it (None: as it is)."""
    if wheels is None:
        return os.environ.get("PIP_FIND_LINKS")
    return " ".join([str(wheels)] + os.environ.get("PIP_FIND_LINKS", "").split())


def build_wheel(frontend: Venv, tool: str, project: Path, wheels: Path | None) -> subprocess.CompletedProcess:
    """``python -m build --wheel`` or ``uv build --wheel`` in ``project``,
    given ``wheels`` as the recipe says, or not given it; the wheel goes to
    ``project/dist``."""
    if tool == "build":
        # No wrapping of pip's messages, so that they read as the page quotes them.
        return frontend.run(
            "-m", "build", "--wheel", cwd=project, check=False, PIP_FIND_LINKS=pip_links(wheels), COLUMNS="1000"
        )
    links = [] if wheels is None else ["--find-links", str(wheels)]
    return frontend.run("-m", "uv", "build", "--wheel", *links, cwd=project, check=False, **UV)


@heavy
@pytest.mark.parametrize("tool", sorted(NOT_FOUND))
def test_without_the_folder_the_build_finds_no_fstring_backport(work, frontend, tool):
    project = make_project("hatch_sample", work / f"unfound-{tool}")
    result = build_wheel(frontend, tool, project, None)
    assert result.returncode != 0
    assert NOT_FOUND[tool] in result.stdout, result.stdout
    assert not (project / "dist").exists() or not list((project / "dist").glob("*.whl"))


@heavy
@pytest.mark.parametrize(
    "sample, tool",
    [
        ("hatch_sample", "build"),
        ("setuptools_sample", "build"),
        ("wrapped", "build"),
        ("hatch_sample", "uv"),
        ("wrapped", "uv"),
    ],
)
def test_with_the_folder_the_wheel_ships_transpiled_modules(work, frontend, wheels, sample, tool):
    project = make_project(sample, work / f"built-{tool}" / sample)
    result = build_wheel(frontend, tool, project, wheels)
    assert result.returncode == 0, result.stdout
    [wheel] = (project / "dist").glob("*.whl")
    shipped = python_files(wheel)
    # Only fstring-backport writes these: the build found it in the folder.
    assert shipped == expected_modules(sample)
    assert shipped != source_files(sample)


@heavy
@pytest.mark.parametrize(
    "installer, sample, version, named",
    [
        # hatchling's editable wheel requires fstring-backport, and pip installs it.
        ("pip", "hatch_sample", "3.8", False),
        # setuptools' does not: it is named beside the project.
        ("pip", "setuptools_sample", "3.11", True),
        # uv takes the dependencies from pyproject.toml, not from the editable
        # wheel the wrapper backend writes: it is named too.
        ("uv", "wrapped", "3.11", True),
    ],
)
def test_editable_install_gets_fstring_backport_from_the_folder(
    work, frontend, wheels, installer, sample, version, named
):
    venv = Venv(work / f"editable-{installer}-{sample}", version)
    project = make_project(sample, work / f"editable-projects-{installer}" / sample)
    requirements = ["-e", str(project)] + (["fstring-backport"] if named else [])
    if installer == "pip":
        venv.pip("install", *requirements, PIP_FIND_LINKS=pip_links(wheels))
    else:
        links = ["--find-links", str(wheels)]
        frontend.run("-m", "uv", "pip", "install", "-q", "--python", venv.python, *requirements, *links, **UV)
    installed = venv.run("-c", "import fstring_backport; print(fstring_backport.__version__)", cwd=venv.folder)
    assert installed.stdout.strip() == fstring_backport.__version__
    # That Python rejects the sources, which the import hook serves transpiled.
    assert not all(compiles_with(version, sorted((PROJECTS / sample / "src").rglob("*.py"))).values())
    assert venv.values(sample) == expected_values(sample)
