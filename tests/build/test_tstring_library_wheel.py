"""The sample library written for 3.14 (tests/projects/tstring_library) as a
wheel built by hatchling with the fstring-backport hook and its
``future-annotations`` option: the wheel holds what ``transpile`` writes
for each module, with the copy of the t-string runtime they import, and
runs without fstring-backport on 3.8, 3.11, 3.13 and PyPy 3.11 as
python3.15 runs the original: its ``__main__``, and its own tests,
transpiled to import the wheel's runtime.  Built as test_build.py builds
its samples, on the same hosts (real builds run where the host is CPython
3.15 or PyPy 3.11).
"""

import subprocess

import pytest

from fstring_backport import transpile
from fstring_backport.project.runtime_copies import runtime_source

from support.builds import Venv, copy_project, heavy, python_files
from support.pythons import PROJECTS, oracle, plain_environment

LIBRARY = PROJECTS / "tstring_library"
RUNTIME = "tstring_library._fstring_backport_templatelib"
MAIN = ["-m", "tstring_library", "Ann <3", "2"]
USERS = ["3.8", "3.11", "3.13", "pypy3.11"]


@pytest.fixture(scope="module")
def wheel(work, builder):
    project = copy_project("tstring_library", work / "tstring-library")
    out = work / "tstring-library-dist"
    builder.run("-m", "build", "--wheel", "--no-isolation", "-o", str(out), str(project))
    [built] = out.glob("*.whl")
    return built


@pytest.fixture(scope="module")
def expected():
    def run(args):
        result = subprocess.run(
            [oracle(), "-B", *args],
            cwd=str(LIBRARY),
            env=plain_environment(LIBRARY / "src"),
            capture_output=True,
            text=True,
        )
        assert result.returncode == 0, result.stderr
        return result.stdout

    return {"main": run(MAIN), "tests": run(["tests/test_lib.py"])}


@heavy
def test_the_wheel_holds_the_transpiled_modules_and_the_runtime(wheel):
    shipped = python_files(wheel)
    src = LIBRARY / "src"
    originals = {p.relative_to(src).as_posix(): p.read_bytes() for p in sorted(src.rglob("*.py"))}
    assert sorted(set(shipped) - set(originals)) == ["tstring_library/_fstring_backport_templatelib.py"]
    assert shipped["tstring_library/_fstring_backport_templatelib.py"] == runtime_source()
    for name, original in originals.items():
        assert shipped[name] == transpile(original, "3.8", name, runtime=RUNTIME, future_annotations=True), name
    # The package's __init__ holds no t-string: its import of string.templatelib brings the runtime.
    assert shipped["tstring_library/__init__.py"] != originals["tstring_library/__init__.py"]
    assert b"from __future__ import annotations" in shipped["tstring_library/nodes.py"]


@heavy
@pytest.mark.parametrize("version", USERS)
def test_the_wheel_runs_without_fstring_backport_as_on_315(work, wheel, expected, version):
    venv = Venv(work / f"tstring-library-user-{version}", version)
    venv.pip("install", "--no-deps", str(wheel))
    assert venv.run("-c", "import fstring_backport", check=False).returncode != 0
    assert venv.run(*MAIN, cwd=venv.folder).stdout == expected["main"]
    tests = venv.folder / "test_lib.py"
    source = (LIBRARY / "tests" / "test_lib.py").read_text()
    tests.write_text(transpile(source, "3.8", "test_lib.py", runtime=RUNTIME, future_annotations=True))
    assert venv.run(str(tests), cwd=venv.folder).stdout == expected["tests"]
