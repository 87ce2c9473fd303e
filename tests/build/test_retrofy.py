"""docs/grammar.md's recipe for the grammar fstring-backport names and does
not lower: retrofy lowers match statements, type parameters and type
statements, then fstring-backport the 3.12 f-strings, and the result runs on
Python 3.8 and 3.11 as python3.15 runs the original sources.

The sample (tests/projects/retrofy_sample) goes the page's three ways:
retrofy's ``files`` command, then ``fstring-backport``; retrofy's build
stage (multistage-build around setuptools, as the sample's pyproject.toml
sets it up), then ``python -m fstring_backport wheel``; and a wheel built
without retrofy through ``retrofy wheel``, then ours.  The page's warnings
are shown true: without ``--future-annotations`` the output of a generic
``type`` statement fails to import on 3.8, and after retrofy a ``bytes``
subject matches a sequence pattern, which it never does on 3.10 and later.

retrofy (Python 3.9 and later, on libcst's compiled parser) runs in a
virtual environment of CPython 3.11 that this module makes, with the
releases pinned below from PyPI: the same retrofy and libcst whatever
Python runs the tests.  It is not in the test extra, which Python 3.8 and
PyPy (no libcst wheel: a Rust build) install too.  These tests run where
the tox environment is CPython 3.11; like the other real builds they need
PyPI, and fail without it.
"""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from support.builds import Venv, copy_project, python_files, source_files
from support.cli import run_in, run_wheel_in
from support.pythons import PROJECTS, compiles_with, interpreter, oracle, plain_environment
from support.wheels import record_problems

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not (sys.implementation.name == "cpython" and sys.version_info[:2] == (3, 11)),
        reason="retrofy's recipe runs where the tests run on CPython 3.11 (retrofy itself in a 3.11 environment)",
    ),
]

SAMPLE = "retrofy_sample"
# What retrofy's environment installs: retrofy, and what builds the sample
# without its build stage.
RETROFY = ["retrofy>=0.6,<0.7", "multistage-build>=0.4,<0.5", "setuptools>=64"]
USERS = ["3.8", "3.11"]
# What the sample computes, and what describe() makes of a bytes and a bytearray.
PROBE = (
    "import json, retrofy_sample as s\n"
    "print(json.dumps({'values': s.values(), 'bytes': [s.describe(b'ab'), s.describe(bytearray(b'abc'))]}))\n"
)
# 3.10 and later: a sequence pattern never matches str, bytes or bytearray...
EXACT_BYTES = ["other bytes", "other bytearray"]
# ...which retrofy's lowering (isinstance(subject, Sequence), str excluded) matches.
RETROFIED_BYTES = ["pair 97 98", "97 then 2 more"]


def probe(python: str, folder: Path, check: bool = True) -> subprocess.CompletedProcess:
    """``python`` running :data:`PROBE` with ``folder`` on its path, and nothing of ours."""
    result = subprocess.run(
        [python, "-c", PROBE], env=plain_environment(folder), capture_output=True, text=True, check=False
    )
    if check and result.returncode:
        pytest.fail(f"{python} failed on {folder}:\n{result.stderr}")
    return result


def seen(python: str, folder: Path) -> dict:
    return json.loads(probe(python, folder).stdout)


@pytest.fixture(scope="module")
def retrofy(work) -> Venv:
    venv = Venv(work / "retrofy", "3.11")
    venv.pip("install", *RETROFY)
    return venv


@pytest.fixture(scope="module")
def expected() -> dict:
    """python3.15 running the original sources."""
    return seen(oracle(), PROJECTS / SAMPLE / "src")


@pytest.fixture(scope="module")
def files(work, retrofy) -> Path:
    """The sample after the page's two commands: its project folder."""
    project = copy_project(SAMPLE, work / "files")
    retrofy.run("-m", "retrofy", "files", "src", "-o", "build/step1", cwd=project)
    result = run_in(project, "--future-annotations", "build/step1", "-o", "build/src")
    assert result.returncode == 0, result.stderr
    return project


def test_fstring_backport_alone_names_what_retrofy_lowers(tmp_path):
    project = copy_project(SAMPLE, tmp_path / "sample")
    result = run_in(project, "--check", "src")  # no requires-python: the target is 3.8
    assert result.returncode == 1
    codes = {line.split(": ", 1)[1].split()[0] for line in result.stdout.decode().splitlines() if ": FB" in line}
    assert {"FB407", "FB411", "FB412"} <= codes and "FB101" in codes


def test_retrofy_files_then_fstring_backport_run_on_38_and_311(files, expected):
    step1 = sorted((files / "build" / "step1").rglob("*.py"))
    # retrofy leaves the f-strings: 3.11 still rejects what it wrote.
    assert not all(compiles_with("3.11", step1).values())
    for version in USERS:
        assert seen(interpreter(version), files / "build" / "src")["values"] == expected["values"], version


def test_retrofy_leaves_tstrings_too(work, retrofy):
    src = work / "tstrings" / "src"
    src.mkdir(parents=True)
    source = 'name = "x"\ngreeting = t"hi {name!r}"\nmatch name:\n    case "x":\n        print(greeting)\n'
    (src / "m.py").write_text(source)
    retrofy.run("-m", "retrofy", "files", str(src), "-o", str(work / "tstrings" / "out"))
    written = (work / "tstrings" / "out" / "m.py").read_text()
    assert 'greeting = t"hi {name!r}"\n' in written and "match" not in written


def test_without_future_annotations_a_generic_type_statement_fails_on_38(files, expected):
    """retrofy writes ``type Pair[T] = ...`` as ``Pair: typing.TypeAlias =
    ...``: an annotation that 3.8 evaluates, and typing.TypeAlias is 3.10's."""
    result = run_in(files, "build/step1", "-o", "build/plain")
    assert result.returncode == 0, result.stderr
    failed = probe(interpreter("3.8"), files / "build" / "plain", check=False)
    assert failed.returncode == 1
    assert failed.stderr.splitlines()[-1] == "AttributeError: module 'typing' has no attribute 'TypeAlias'"
    assert seen(interpreter("3.11"), files / "build" / "plain")["values"] == expected["values"]


def test_after_retrofy_a_bytes_subject_matches_a_sequence_pattern(files, expected):
    """The page's warning: ``case [x, y]:`` matches ``b"ab"`` on 3.8 and
    3.11 after retrofy, and never on 3.15."""
    assert expected["bytes"] == EXACT_BYTES
    for version in USERS:
        assert seen(interpreter(version), files / "build" / "src")["bytes"] == RETROFIED_BYTES, version


@pytest.fixture(scope="module")
def staged(work) -> tuple[Path, Path]:
    """The wheel of retrofy's build stage, built by ``python -m build
    --wheel`` in an environment of the sample's build requirements (uv
    installs them), and ours rewritten from it."""
    project = copy_project(SAMPLE, work / "staged")
    out = work / "staged-dist"
    build = [sys.executable, "-m", "build", "--wheel", "--installer", "uv", "-o", str(out), str(project)]
    built = subprocess.run(
        build, env=plain_environment(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, check=False
    )
    if built.returncode:
        pytest.fail(f"python -m build failed:\n{built.stdout}")
    assert "Converted retrofy_sample/shapes.py to compatibility syntax" in built.stdout
    [wheel] = out.glob("*.whl")
    result = run_wheel_in(work, "--future-annotations", "-w", work / "staged-fixed", wheel)
    assert result.returncode == 0, result.stderr
    assert b"3 files rewritten for Python 3.8 (Requires-Python \">=3.8\" of the wheel)" in result.stderr
    return wheel, work / "staged-fixed" / wheel.name


def test_retrofy_build_stage_then_the_wheel_rewriter(work, staged, expected):
    built, fixed = staged
    with zipfile.ZipFile(str(built)) as archive:
        assert "Requires-Python: >=3.8\n" in archive.read("retrofy_sample-1.0.dist-info/METADATA").decode()
    assert record_problems(fixed) == []
    for version in USERS:
        venv = Venv(work / f"user-{version}", version)
        venv.pip("install", "--no-deps", str(fixed))
        assert json.loads(venv.run("-c", PROBE, cwd=venv.folder).stdout) == {
            "values": expected["values"],
            "bytes": RETROFIED_BYTES,
        }, version


def test_retrofy_wheel_then_the_wheel_rewriter(work, retrofy, staged):
    """A wheel built without retrofy (here its build stage turned off):
    ``retrofy wheel`` then ours make the modules its build stage then ours make."""
    project = copy_project(SAMPLE, work / "raw")
    out = work / "raw-dist"
    retrofy.pip("wheel", "--no-deps", "--no-build-isolation", str(project), "-w", str(out), RETROFY_DISABLE_REWRITE="1")
    [raw] = out.glob("*.whl")
    assert python_files(raw) == source_files(SAMPLE)
    retrofy.run("-m", "retrofy", "wheel", "--target-python", "3.8", "-o", str(work / "raw-step1"), str(raw))
    result = run_wheel_in(work, "--future-annotations", "-w", work / "raw-fixed", work / "raw-step1" / raw.name)
    assert result.returncode == 0, result.stderr
    assert python_files(work / "raw-fixed" / raw.name) == python_files(staged[1])
