"""The wrapper backend around six real backends, and the wheel rewriter after
two, built for real: each sample project is built by ``python -m build``
(its sdist, then the wheel from that sdist), ``uv build`` and ``pip wheel``,
each in an isolated build environment that installs the backend from PyPI
and fstring-backport from a wheel of this checkout.  The wheels then run on
CPython 3.8 and 3.11 and PyPy 3.11, where fstring-backport is not, and must
compute what python3.15 computes running the original sources.

The samples are one package (tests/projects/wrapped), copied under the name
of each backend (``wrapped_uv``, ``wrapped_poetry``, ...), so that all of
them install side by side into one environment per Python.  The wheels of
the three frontends must hold the same modules; each Python runs one
frontend's (3.8 pip's, 3.11 uv's, PyPy build's).

With a module holding a match statement, the wrapper (around flit-core)
and the rewriter (after uv_build) refuse the sample for 3.8, naming it, and
ship it transpiled when told to ignore it or for 3.10.

Our wheel gets a version of its own (``+test.<time>``), which the samples
pin in ``[build-system] requires``: a build that installed anything but
that wheel fails.

Real builds run where the tox environment is CPython 3.11 or 3.8 (the
newest backends there, and the oldest Python they still support).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from fstring_backport import transpile
from fstring_backport.build.common import UNSHIPPABLE_ADVICE
from fstring_backport.project.runtime_copies import runtime_source

from support.builds import MATCH_MODULE, match_problem, python_files
from support.cli import run_wheel_in
from support.pythons import PROJECTS, REPO, compiles_with, executable, oracle, plain_environment
from support.wheels import record_problems, wheel_unpack

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not (sys.implementation.name == "cpython" and sys.version_info[:2] in ((3, 8), (3, 11))),
        reason="real builds of the wrapper backend run on CPython 3.8 and 3.11",
    ),
]

TEMPLATE = PROJECTS / "wrapped"
# backend: (its requirement, its object reference).  Nothing pinned: on a 3.8
# host the frontends take the newest releases that still install there
# (December 2026: uv_build 0.13.6, whose binary runs anywhere, poetry-core
# 1.9.1, flit-core 3.12.0, pdm-backend 2.4.3, hatchling 1.27.0, setuptools
# 75.3.4); poetry-core 1.9 reads [tool.poetry] only, hence that sample's table.
BACKENDS = {
    "uv": ("uv_build>=0.9,<0.14", "uv_build"),
    "poetry": ("poetry-core>=1.0", "poetry.core.masonry.api"),
    "flit": ("flit_core>=3.4,<4", "flit_core.buildapi"),
    "pdm": ("pdm-backend", "pdm.backend"),
    "hatchling": ("hatchling", "hatchling.build"),
    "setuptools": ("setuptools>=64", "setuptools.build_meta"),
}
FRONTENDS = ("build", "uv", "pip")
# Which frontend's wheels each Python runs.
USERS = {"3.8": "pip", "3.11": "uv", "pypy3.11": "build"}
# Built by the backend alone, then rewritten by python -m fstring_backport wheel.
REWRITTEN = {"plain_flit": BACKENDS["flit"], "plain_uv": BACKENDS["uv"]}
PRINT_VALUES = "import json, sys\nprint(json.dumps({name: __import__(name).values() for name in sys.argv[1:]}))"


def package(backend: str) -> str:
    return backend if backend.startswith("plain_") else f"wrapped_{backend}"


def pyproject(backend: str, ours: str | None) -> str:
    """The sample's pyproject.toml: built by the wrapper around ``backend``
    when ``ours`` (the version of our wheel), else by the backend alone."""
    requirement, reference = BACKENDS.get(backend) or REWRITTEN[backend]
    name = package(backend).replace("_", "-")
    requires = [f"fstring-backport=={ours}", requirement] if ours else [requirement]
    text = "[build-system]\nrequires = {}\nbuild-backend = {}\n\n".format(
        json.dumps(requires), json.dumps("fstring_backport.build" if ours else reference)
    )
    if backend == "poetry":  # as poetry-core 1.9 (the last for 3.8) reads it
        text += (
            f'[tool.poetry]\nname = "{name}"\nversion = "1.0"\ndescription = "A sample."\n'
            'authors = ["Sample <sample@example.com>"]\n'
            f'packages = [{{ include = "{package(backend)}", from = "src" }}]\n\n'
            '[tool.poetry.dependencies]\npython = ">=3.8"\n\n'
        )
    else:
        text += f'[project]\nname = "{name}"\nversion = "1.0"\ndescription = "A sample."\nrequires-python = ">=3.8"\n\n'
    if ours:
        text += f"[tool.fstring-backport]\nbuild-backend = {json.dumps(reference)}\n"
    return text


def make_project(backend: str, folder: Path, ours: str | None) -> Path:
    shutil.copytree(
        str(TEMPLATE / "src" / "wrapped"),
        str(folder / "src" / package(backend)),
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    (folder / "pyproject.toml").write_text(pyproject(backend, ours))
    return folder


def template_modules() -> dict[str, bytes]:
    src = TEMPLATE / "src" / "wrapped"
    return {p.relative_to(src).as_posix(): p.read_bytes() for p in sorted(src.rglob("*.py"))}


def expected_modules(backend: str) -> dict[str, bytes]:
    """The modules a wheel of ``backend``'s sample ships: transpiled for 3.8,
    and the runtime copy they import."""
    name = package(backend)
    runtime = f"{name}._fstring_backport_templatelib"
    modules = {f"{name}/{path}": transpile(text, "3.8", runtime=runtime) for path, text in template_modules().items()}
    modules[f"{name}/_fstring_backport_templatelib.py"] = runtime_source()
    return modules


def run(args: list, env: dict, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(arg) for arg in args], cwd=None if cwd is None else str(cwd), env=env,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, check=False,
    )


def checked(result: subprocess.CompletedProcess) -> subprocess.CompletedProcess:
    if result.returncode:
        pytest.fail("{} failed:\n{}".format(" ".join(result.args), result.stdout))
    return result


# -- fixtures: built once per module -------------------------------------------


@pytest.fixture(scope="module")
def ours(work) -> tuple[Path, str]:
    """fstring-backport's wheel, of this checkout, under a version no index
    has; (its folder, its version)."""
    source = work / "fstring-backport"
    shutil.copytree(str(REPO / "src"), str(source / "src"), ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(str(REPO / name), str(source / name))
    init = source / "src" / "fstring_backport" / "__init__.py"
    stamp = f"test.{int(time.time())}"
    text, count = re.subn(r'__version__ = "([^"+]+)"', rf'__version__ = "\1+{stamp}"', init.read_text())
    assert count == 1
    init.write_text(text)
    version = re.search(r'__version__ = "([^"]+)"', text).group(1)
    folder = work / "ours"
    checked(run([sys.executable, "-m", "uv", "build", "-q", "--wheel", "-o", folder, source], frontend_env(None)))
    assert [p.name for p in folder.glob("*.whl")] == [f"fstring_backport-{version}-py3-none-any.whl"]
    return folder, version


def frontend_env(find_links: Path | None) -> dict:
    """This environment, where frontends find our wheel in ``find_links``
    and nothing of the package under test leaks in (no PYTHONPATH)."""
    env = plain_environment(PYTHONWARNINGS=None, PIP_REQUIRE_VIRTUALENV=None)
    env["UV_PYTHON_DOWNLOADS"] = "never"
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    if find_links is not None:
        env["PIP_FIND_LINKS"] = " ".join([str(find_links)] + os.environ.get("PIP_FIND_LINKS", "").split())
        env["UV_FIND_LINKS"] = str(find_links)
    return env


@pytest.fixture(scope="module")
def env(ours) -> dict:
    return frontend_env(ours[0])


def build_command(frontend: str, project: Path, out: Path) -> list:
    if frontend == "build":  # the sdist, then the wheel from it; uv installs the build environments
        return [sys.executable, "-m", "build", "--installer", "uv", "-o", out, project]
    if frontend == "uv":  # the sdist, then the wheel from it
        return [sys.executable, "-m", "uv", "build", "-q", "--python", sys.executable, "-o", out, project]
    return [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", out, project]


@pytest.fixture(scope="module")
def built(work, ours, env) -> dict:
    """(frontend, backend): its output folder, or the failed command's output."""
    jobs = []
    for backend in BACKENDS:
        project = make_project(backend, work / "projects" / backend, ours[1])
        for frontend in FRONTENDS:
            jobs.append((frontend, backend, project, work / "dist" / frontend / backend))

    def build(job):
        frontend, backend, project, out = job
        result = run(build_command(frontend, project, out), env)
        return (frontend, backend), out if result.returncode == 0 else result.stdout

    # Two at a time: most of a build is waiting for the index and for processes.
    with ThreadPoolExecutor(2) as pool:
        return dict(pool.map(build, jobs))


def output(built: dict, frontend: str, backend: str) -> Path:
    out = built[frontend, backend]
    if not isinstance(out, Path):
        pytest.fail(f"{frontend} could not build the sample of {backend}:\n{out}")
    return out


def wheel_of(built: dict, frontend: str, backend: str) -> Path:
    [wheel] = output(built, frontend, backend).glob("*.whl")
    return wheel


@pytest.fixture(scope="module")
def rewritten(work, env) -> dict:
    """The wheels of flit-core alone and uv_build alone, rewritten by
    ``python -m fstring_backport wheel -w``: backend: (original, rewritten)."""
    wheels = {}
    for backend in REWRITTEN:
        project = make_project(backend, work / "plain" / backend, None)
        out = work / "plain-dist" / backend
        checked(run([sys.executable, "-m", "uv", "build", "-q", "--wheel", "-o", out, project], env))
        [wheel] = out.glob("*.whl")
        result = run_wheel_in(work, "-w", work / "fixed", wheel)
        assert result.returncode == 0, result.stderr
        assert b"2 files rewritten for Python 3.8" in result.stderr, result.stderr
        wheels[backend] = (wheel, work / "fixed" / wheel.name)
    return wheels


@pytest.fixture(scope="module")
def expected() -> dict:
    """What python3.15 computes running the original sources."""
    result = subprocess.run(
        [oracle(), "-B", "-c", PRINT_VALUES, "wrapped"],
        env=plain_environment(TEMPLATE / "src"),
        stdout=subprocess.PIPE,
        check=True,
        text=True,
    )
    return json.loads(result.stdout)["wrapped"]


@pytest.fixture(scope="module")
def users(work, built, rewritten, env) -> dict:
    """Fresh environments with one frontend's wheels of every sample, and
    the rewritten ones; nothing else."""
    venvs = {}
    for version, frontend in USERS.items():
        folder = work / f"user-{version}"
        checked(run([sys.executable, "-m", "uv", "venv", "-q", "--python", executable(version), folder], env))
        python = folder / "bin" / "python"
        wheels = [wheel_of(built, frontend, backend) for backend in BACKENDS]
        wheels += [fixed for _, fixed in rewritten.values()]
        install = [sys.executable, "-m", "uv", "pip", "install", "-q", "--python", python, "--no-deps"]
        checked(run(install + wheels, env))
        venvs[version] = python
    return venvs


def values_in(python: Path, packages: list[str], env: dict) -> dict:
    result = checked(run([python, "-c", PRINT_VALUES, *packages], env, cwd=python.parent))
    return json.loads(result.stdout)


# -- the wrapper's wheels ------------------------------------------------------


@pytest.mark.parametrize("backend", list(BACKENDS))
def test_every_frontend_builds_a_wheel_of_transpiled_modules(built, work, backend):
    expected_files = expected_modules(backend)
    for frontend in FRONTENDS:
        wheel = wheel_of(built, frontend, backend)
        assert python_files(wheel) == expected_files, frontend
        assert record_problems(wheel) == [], frontend
        unpacked = wheel_unpack(wheel, work / "unpacked" / frontend / backend)
        assert unpacked.returncode == 0, unpacked.stdout + unpacked.stderr


@pytest.mark.parametrize("backend", list(BACKENDS))
@pytest.mark.parametrize("frontend", ["build", "uv"])
def test_sdist_is_the_backends_with_the_original_sources(built, backend, frontend):
    [sdist] = output(built, frontend, backend).glob("*.tar.gz")
    with tarfile.open(str(sdist)) as archive:
        shipped = {
            member.name.split(f"/src/{package(backend)}/", 1)[1]: archive.extractfile(member).read()
            for member in archive.getmembers()
            if member.isfile() and f"/src/{package(backend)}/" in member.name and member.name.endswith(".py")
        }
    assert shipped == template_modules()


@pytest.mark.parametrize("version", list(USERS))
def test_wheels_run_without_fstring_backport_as_315_runs_the_sources(users, expected, env, version):
    python = users[version]
    assert run([python, "-c", "import fstring_backport"], env).returncode != 0
    packages = [package(backend) for backend in list(BACKENDS) + list(REWRITTEN)]
    assert values_in(python, packages, env) == dict.fromkeys(packages, expected)
    # That Python rejects the sources themselves: the wheels are what runs.
    if not version.startswith("pypy"):
        assert not all(compiles_with(version, sorted((TEMPLATE / "src").rglob("*.py"))).values())


# -- the wheel rewriter --------------------------------------------------------


@pytest.mark.parametrize("backend", list(REWRITTEN))
def test_rewriter_fixes_the_wheel_of_a_backend_alone(rewritten, work, backend):
    original, fixed = rewritten[backend]
    assert python_files(original) == {f"{backend}/{p}": text for p, text in template_modules().items()}
    assert python_files(fixed) == expected_modules(backend)
    assert record_problems(fixed) == []
    unpacked = wheel_unpack(fixed, work / "unpacked-fixed" / backend)
    assert unpacked.returncode == 0, unpacked.stdout + unpacked.stderr
    # Everything else is as the backend wrote it.
    with zipfile.ZipFile(str(original)) as before, zipfile.ZipFile(str(fixed)) as after:
        for info in before.infolist():
            if not info.filename.endswith((".py", "/RECORD")):
                assert after.read(info.filename) == before.read(info.filename)
                assert after.getinfo(info.filename).date_time == info.date_time


# -- newer grammar the target rejects ------------------------------------------
# The sample with a match statement (Python 3.10) in a module of its own: for
# requires-python's 3.8 the wrapper (around flit-core) builds no wheel and the
# rewriter leaves uv_build's as it was, both naming it; with ignore =
# ["FB407"] (--ignore FB407), or for 3.10, the module ships transpiled.

MATCH_CASES = {"refused": "3.8", "ignored": "3.8", "for-3.10": "3.10"}


def match_project(backend: str, folder: Path, ours: str | None, case: str) -> Path:
    project = make_project(backend, folder, ours)
    (project / "src" / package(backend) / "route.py").write_bytes(MATCH_MODULE)
    pyproject = project / "pyproject.toml"
    text = pyproject.read_text()
    if case == "ignored" and ours:  # [tool.fstring-backport] is the last table
        text += 'ignore = ["FB407"]\n'
    elif case == "for-3.10":
        text = text.replace('requires-python = ">=3.8"', 'requires-python = ">=3.10"')
    pyproject.write_text(text)
    return project


@pytest.mark.parametrize("case", list(MATCH_CASES))
def test_wrapper_refuses_newer_grammar_unless_ignored_or_read_by_the_target(work, ours, env, case):
    project = match_project("flit", work / "match-wrapped" / case, ours[1], case)
    out = work / "match-wrapped-dist" / case
    # build, as pip refuses a project for 3.10 on a 3.8 host
    result = run([sys.executable, "-m", "build", "--wheel", "--installer", "uv", "-o", out, project], env)
    wheels = list(out.glob("*.whl")) if out.exists() else []
    if case == "refused":
        assert result.returncode != 0
        lines = [line.strip() for line in result.stdout.splitlines()]
        assert match_problem(str(Path("src", "wrapped_flit", "route.py"))) in lines, result.stdout
        assert UNSHIPPABLE_ADVICE in lines, result.stdout
        assert wheels == []
        return
    checked(result)
    assert "FB407" not in result.stdout
    [wheel] = wheels
    assert python_files(wheel)["wrapped_flit/route.py"] == transpile(MATCH_MODULE, MATCH_CASES[case]) != MATCH_MODULE


@pytest.mark.parametrize("case", ["refused", "for-3.10"])
def test_rewriter_refuses_newer_grammar_unless_ignored_or_read_by_the_target(work, env, case):
    """uv_build's wheel, as it built it; then python -m fstring_backport wheel."""
    project = match_project("plain_uv", work / "match-plain" / case, None, case)
    out = work / "match-plain-dist" / case
    checked(run([sys.executable, "-m", "uv", "build", "-q", "--wheel", "-o", out, project], env))
    [wheel] = out.glob("*.whl")
    before = wheel.read_bytes()
    fixed = work / "match-fixed" / case
    if case == "refused":
        for args in ([wheel], ["-w", fixed, wheel]):
            result = run_wheel_in(work, *args)
            assert result.returncode == 1
            lines = result.stderr.decode().splitlines()
            assert lines[0] == match_problem(f"{wheel.name}!plain_uv/route.py")
            assert "--ignore FBnnn" in lines[1]
            assert lines[2] == f"fstring-backport: {wheel}: not rewritten: 1 problem in its sources"
            assert wheel.read_bytes() == before
        assert not fixed.exists() or not list(fixed.iterdir())
        result = run_wheel_in(work, "--ignore", "FB407", "-w", fixed, wheel)
        assert result.returncode == 0, result.stderr
        target = "3.8"
    else:
        result = run_wheel_in(work, "-w", fixed, wheel)
        assert result.returncode == 0, result.stderr
        assert b"FB407" not in result.stderr
        target = "3.10"
    assert wheel.read_bytes() == before
    shipped = python_files(fixed / wheel.name)
    assert shipped["plain_uv/route.py"] == transpile(MATCH_MODULE, target) != MATCH_MODULE
    assert record_problems(fixed / wheel.name) == []


# -- editable installs ---------------------------------------------------------

# (Python, frontend, backend): pip and uv each install a sample of uv_build
# and of flit-core, on 3.8 and on 3.11.
EDITABLE = {"3.8": [("pip", "uv"), ("uv", "flit")], "3.11": [("uv", "uv"), ("pip", "flit")]}


@pytest.mark.parametrize("version", list(EDITABLE))
def test_editable_installs_run_the_sources_through_the_hook(work, ours, env, expected, version):
    folder = work / f"editable-{version}"
    checked(run([sys.executable, "-m", "uv", "venv", "-q", "--seed", "--python", executable(version), folder], env))
    python = folder / "bin" / "python"
    packages = []
    for frontend, backend in EDITABLE[version]:
        project = make_project(backend, work / f"editable-projects-{version}" / backend, ours[1])
        if frontend == "pip":
            checked(run([python, "-m", "pip", "install", "-q", "-e", project], env))
        else:
            checked(run([sys.executable, "-m", "uv", "pip", "install", "-q", "--python", python, "-e", project], env))
        packages.append(package(backend))
    assert values_in(python, packages, env) == dict.fromkeys(packages, expected)
    # The editable wheels required fstring-backport, ours.
    installed = checked(run([python, "-c", "import fstring_backport; print(fstring_backport.__version__)"], env))
    assert installed.stdout.strip() == ours[1]
    # In place: an edit shows at the next start.
    for name in packages:
        init = work / f"editable-projects-{version}" / name.split("_", 1)[1] / "src" / name / "__init__.py"
        init.write_text(init.read_text().replace("return [", 'return [f"{"edited"}", '))
    seen = values_in(python, packages, env)
    assert all(seen[name][0] == "edited" for name in packages)
