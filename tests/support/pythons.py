"""The interpreters the tests run, the oracle among them, and their standard
libraries; the checkout and the package under test."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Set, Tuple, Union

import pytest

REPO = Path(__file__).resolve().parents[2]
# The sample projects: a package per build backend, libraries written for 3.12 and 3.14.
PROJECTS = REPO / "tests" / "projects"
# Where the fstring_backport under test is imported from: src/ in a
# checkout, site-packages under tox.
PACKAGE_HOME = Path(__import__("fstring_backport").__file__).resolve().parent.parent


# Variables of this run that would change what a child process does: the
# hook's start-up switch, pytest's options and plugins, a bytecode folder.
_OUTSIDE_INFLUENCES = ("FSTRING_BACKPORT_HOOK", "PYTEST_ADDOPTS", "PYTEST_PLUGINS", "PYTHONPYCACHEPREFIX")


def child_environment(
    *paths: Union[str, Path], write_bytecode: bool = False, **changes: Optional[str]
) -> Dict[str, str]:
    """The environment for a child Python that imports the package under test.

    ``paths`` come first on PYTHONPATH, then the fstring_backport under test
    (src/ in a checkout, site-packages under tox), then this run's own
    PYTHONPATH.  Nothing of this run that changes the tool or pytest from
    outside is passed on; bytecode is written only with ``write_bytecode``
    (these machines export PYTHONDONTWRITEBYTECODE).  ``changes`` are applied
    last, None removing a variable.
    """
    entries = [str(p) for p in paths] + [str(PACKAGE_HOME)]
    entries += [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    return _environment(entries, write_bytecode, changes)


def plain_environment(
    *paths: Union[str, Path], write_bytecode: bool = False, **changes: Optional[str]
) -> Dict[str, str]:
    """The environment for a child Python that must not see the package
    under test: python3.15 running original sources, a wheel's user, a
    virtual environment running what is installed there.

    As :func:`child_environment`, but PYTHONPATH holds ``paths`` alone (none:
    no PYTHONPATH), neither the package nor this run's own PYTHONPATH.
    """
    return _environment([str(p) for p in paths], write_bytecode, changes)


def _environment(path: List[str], write_bytecode: bool, changes: Dict[str, Optional[str]]) -> Dict[str, str]:
    env = {name: value for name, value in os.environ.items() if name not in _OUTSIDE_INFLUENCES}
    if write_bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    if path:
        env["PYTHONPATH"] = os.pathsep.join(path)
    else:
        env.pop("PYTHONPATH", None)
    for name, value in changes.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return env


# scripts/test sets it (CI runs that): there a missing interpreter fails the
# test.  Elsewhere (a contributor's quick run) the test skips, saying how to
# get the interpreter, and the run ends with one line naming what was missing.
ALL_PYTHONS_REQUIRED = os.environ.get("FSTRING_BACKPORT_ALL_PYTHONS") == "1"
HOW_TO_GET_THEM = "scripts/provide-pythons installs CPython 3.13-3.15 and PyPy 3.11; pyenv gives 3.8-3.12"
MISSING: Set[str] = set()


def interpreter(version: str) -> str:
    """The path of ``python3.X``; a missing one fails the test under
    scripts/test, and skips it elsewhere."""
    return executable("python" + version if not version.startswith("pypy") else version)


def executable(name: str) -> str:
    """The path of ``python3.X`` (``3.X``) or ``pypy3.11``, as :func:`interpreter`."""
    command = name if name.startswith(("python", "pypy")) else "python" + name
    path = shutil.which(command)
    if path is None:
        if ALL_PYTHONS_REQUIRED:
            pytest.fail(f"{command} is not on PATH ({HOW_TO_GET_THEM})")
        MISSING.add(command)
        pytest.skip(f"{command} is not on PATH: {HOW_TO_GET_THEM}")
    return path


def cpython_host_in(*versions: str) -> bool:
    """Whether the Python running the tests is CPython ``3.X`` for one of
    ``versions``: the hosts of the matrix that do the full share of work
    that every host could repeat (CONTRIBUTING.md, "The matrix")."""
    return sys.implementation.name == "cpython" and "{}.{}".format(*sys.version_info[:2]) in versions


def oracle() -> str:
    """The interpreter whose run of the original is the expected result.

    Always the newest CPython, 3.15: the output must behave, on any Python
    it targets, as the original does there.  pyenv's 3.12.1 and 3.13.0 are
    early bugfix releases with f-string bugs that later releases fixed, so
    they are never the reference.
    """
    return interpreter("3.15")


_STDLIB_CACHE: Dict[str, str] = {}


def stdlib_dir(version: str) -> Path:
    """The standard library folder of ``python3.X``, from its own sysconfig."""
    if version not in _STDLIB_CACHE:
        out = subprocess.run(
            [interpreter(version), "-c", "import sysconfig; print(sysconfig.get_paths()['stdlib'])"],
            check=True,
            stdout=subprocess.PIPE,
            text=True,
        ).stdout.strip()
        _STDLIB_CACHE[version] = out
    return Path(_STDLIB_CACHE[version])


def stdlib_files(version: str) -> List[Path]:
    root = stdlib_dir(version)
    # Debian links sitecustomize.py to /etc, which may hold nothing.
    files = sorted(p for p in root.rglob("*.py") if "site-packages" not in p.parts and p.is_file())
    assert len(files) > 1000, f"expected a full standard library under {root}"
    return files


# The files of the 3.13 standard library (3.13.18) that Python 3.11 rejects
# only for their f-strings.
FSTRING_ONLY_IN_313 = frozenset(
    (
        "dataclasses.py",
        "traceback.py",
        "turtle.py",
        "test/test_codecs.py",
        "test/support/socket_helper.py",
        "test/test_pyrepl/test_reader.py",
    )
)


def copy_stdlib(version: str, destination: Path) -> Path:
    """A copy of ``python3.X``'s standard library, without installed packages."""
    shutil.copytree(
        str(stdlib_dir(version)),
        str(destination),
        ignore=shutil.ignore_patterns("site-packages", "__pycache__"),
        ignore_dangling_symlinks=True,  # Debian's sitecustomize.py link to /etc
    )
    return destination


def json_from(python: str, script: str, data: object, env: Optional[Dict[str, str]] = None) -> object:
    """What ``python -c script`` prints as JSON, given ``data`` as JSON on its
    standard input: one process for a whole batch of cases."""
    out = subprocess.run(
        [python, "-c", script],
        input=json.dumps(data),
        stdout=subprocess.PIPE,
        text=True,
        check=True,
        env=env,
    ).stdout
    return json.loads(out)


# Each source is a str, or bytes spelled as Latin-1 (["bytes", text]).
_COMPILE_EACH = """
import json, sys, warnings
warnings.simplefilter("ignore")
found = []
for src in json.load(sys.stdin):
    if isinstance(src, list):
        src = src[1].encode("latin-1")
    try:
        compile(src, "mod.py", "exec")
        found.append(None)
    except SyntaxError as exc:
        found.append([exc.msg, exc.lineno, exc.offset, exc.end_lineno, exc.end_offset])
print(json.dumps(found))
"""


def syntax_errors(python: str, sources: Sequence[Union[str, bytes]]) -> List[Optional[list]]:
    """What ``python`` says of compiling each of ``sources`` (as ``mod.py``),
    from one process: None where it accepts one, else its SyntaxError's
    [msg, lineno, offset, end_lineno, end_offset]."""
    data = [["bytes", src.decode("latin-1")] if isinstance(src, bytes) else src for src in sources]
    found = json_from(python, _COMPILE_EACH, data)
    assert isinstance(found, list)
    return found


def assert_refused_as_315_does(sources: Sequence[str], targets: Sequence[str] = ("3.8",)) -> List[list]:
    """Each of ``sources``, transpiled for each of ``targets``, raises
    TranspileError with python3.15's message, line, column and end; what
    3.15 said of each is returned."""
    from fstring_backport import TranspileError, transpile

    expected = syntax_errors(oracle(), sources)
    for source, wanted in zip(sources, expected):
        assert wanted is not None, source
        for target in targets:
            with pytest.raises(TranspileError) as info:
                transpile(source, target, "m.py")
            error = info.value
            assert [error.msg, error.lineno, error.offset, error.end_lineno, error.end_offset] == wanted, source
    return [found for found in expected if found is not None]


_RUN_EACH = """
import contextlib, io, json, sys, warnings
warnings.simplefilter("ignore")
outcomes = []
for setup, source in json.load(sys.stdin):
    printed = io.StringIO()
    namespace = {"__name__": "__main__"}
    try:
        with contextlib.redirect_stdout(printed):
            exec(compile(setup, "<setup>", "exec", dont_inherit=True), namespace)
            exec(compile(source, "<program>", "exec", dont_inherit=True), namespace)
    except SyntaxError as exc:
        outcomes.append([printed.getvalue(), type(exc).__name__])
    except Exception as exc:
        outcomes.append([printed.getvalue(), type(exc).__name__ + ": " + str(exc)])
    else:
        outcomes.append([printed.getvalue(), None])
print(json.dumps(outcomes))
"""


def outcomes(python: str, programs: Sequence[Tuple[str, str]]) -> List[Tuple[str, Optional[str]]]:
    """What each program prints, and how it fails if it does, run by
    ``python`` (one process for all; each in a namespace of its own).

    A program is ``(setup, source)``: ``setup`` runs first in the same
    namespace, so that ``source`` is compiled as a module of its own, with
    its lines and its first statement where they are.  A failure is the
    exception's type and message, a syntax error's type alone (the words
    change between versions).  The package under test is importable (the
    t-string runtime).
    """
    found = json_from(python, _RUN_EACH, [list(program) for program in programs], env=child_environment())
    assert isinstance(found, list)
    return [(printed, error) for printed, error in found]


_RUN_FILES = """
import contextlib, io, json, os, runpy, sys
outcomes = []
for path in json.load(sys.stdin):
    printed = io.StringIO()
    os.chdir(os.path.dirname(path))
    try:
        with contextlib.redirect_stdout(printed):
            runpy.run_path(path, run_name="__main__")
    except Exception as exc:
        outcomes.append([printed.getvalue(), type(exc).__name__ + ": " + str(exc)])
    else:
        outcomes.append([printed.getvalue(), None])
print(json.dumps(outcomes))
"""


def run_files(python: str, paths: Sequence[Path]) -> List[Tuple[str, Optional[str]]]:
    """What each file prints run as ``__main__`` from its folder, and how it
    fails if it does (the exception's type and message), run by ``python``:
    one process for all.  The package under test is importable."""
    found = json_from(python, _RUN_FILES, [str(Path(p).resolve()) for p in paths], env=child_environment())
    assert isinstance(found, list)
    return [(printed, error) for printed, error in found]


Outcome = Tuple[str, Optional[str]]


def originals_and_pinned(cases: Sequence[Tuple[str, str, str, str]]) -> List[Tuple[Outcome, Outcome]]:
    """For each ``(target, setup, original, pinned)``: the :func:`outcomes` of
    python3.15 running the original and of ``python<target>`` running the
    pinned output; one process per interpreter for all the cases."""
    expected = outcomes(oracle(), [(setup, original) for _, setup, original, _ in cases])
    got: List[Optional[Outcome]] = [None] * len(cases)
    for target in sorted({case[0] for case in cases}):
        indexes = [i for i, case in enumerate(cases) if case[0] == target]
        found = outcomes(interpreter(target), [(cases[i][1], cases[i][3]) for i in indexes])
        for i, outcome in zip(indexes, found):
            got[i] = outcome
    return [(want, have) for want, have in zip(expected, got) if have is not None]


def compiles_with(version: str, paths: List[Path]) -> Dict[str, bool]:
    """Ask ``python3.X`` which of ``paths`` it compiles (one subprocess)."""
    if not paths:
        return {}
    script = (
        "import json, sys, warnings\n"
        "warnings.simplefilter('ignore')\n"
        "result = {}\n"
        "for path in json.load(sys.stdin):\n"
        "    try:\n"
        "        with open(path, 'rb') as f:\n"
        "            compile(f.read(), path, 'exec', dont_inherit=True)\n"
        "        result[path] = True\n"
        "    except (SyntaxError, ValueError):\n"
        "        result[path] = False\n"
        "print(json.dumps(result))\n"
    )
    return json_from(interpreter(version), script, [str(p) for p in paths])
