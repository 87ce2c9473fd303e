"""The interpreters the tests run, the oracle among them, and their standard
libraries; the checkout and the package under test."""

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Dict, List, Optional, Union

import pytest

REPO = Path(__file__).resolve().parents[2]
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
    env = {name: value for name, value in os.environ.items() if name not in _OUTSIDE_INFLUENCES}
    if write_bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    entries = [str(p) for p in paths] + [str(PACKAGE_HOME)]
    entries += [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    env["PYTHONPATH"] = os.pathsep.join(entries)
    for name, value in changes.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return env


def interpreter(version: str) -> str:
    """The path of ``python3.X``; a missing one fails the test, never skips it."""
    path = shutil.which("python" + version)
    if path is None:
        pytest.fail(f"python{version} is not on PATH (set PYENV_VERSION)")
    return path


def executable(version: str) -> str:
    """``python3.X`` as :func:`interpreter` finds it, or ``pypy3.11``; a
    missing one fails the test."""
    if not version.startswith("pypy"):
        return interpreter(version)
    path = shutil.which(version)
    if path is None:
        pytest.fail(f"{version} is not on PATH")
    return path


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


def json_from(python: str, script: str, data: object) -> object:
    """What ``python -c script`` prints as JSON, given ``data`` as JSON on its
    standard input: one process for a whole batch of cases."""
    out = subprocess.run(
        [python, "-c", script],
        input=json.dumps(data),
        stdout=subprocess.PIPE,
        text=True,
        check=True,
    ).stdout
    return json.loads(out)


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
