"""The command as users run it: a real subprocess of the package under test."""

import os
import subprocess
import sys
from pathlib import Path

from .pythons import PACKAGE_HOME, REPO


def command():
    """The installed console script; ``python -m fstring_backport`` when the
    package under test is not the installed one (a source checkout)."""
    script = Path(sys.executable).parent / "fstring-backport"
    if script.exists() and str(PACKAGE_HOME).startswith(str(Path(sys.prefix).resolve())):
        return [str(script)]
    return [sys.executable, "-m", "fstring_backport"]


def environment():
    """This environment, with the package under test importable from anywhere."""
    paths = [str(PACKAGE_HOME)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    return dict(os.environ, PYTHONPATH=os.pathsep.join(paths))


def run(*args, stdin=b""):
    return subprocess.run(
        command() + list(args),
        input=stdin,
        capture_output=True,
        cwd=str(REPO),
        env=environment(),
    )


NEEDS_REWRITE = b'songs = {"t": "x"}\nprint(f"{songs["t"]}")\n'
ALREADY_OLD = b"print(f'{1}')\r\n"


def make_tree(root, requires=">=3.8"):
    (root / "pyproject.toml").write_text(f'[project]\nname = "demo"\nrequires-python = "{requires}"\n')
    pkg = root / "src" / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_bytes(b"")
    (pkg / "new.py").write_bytes(NEEDS_REWRITE)
    (pkg / "sub" / "old.py").write_bytes(ALREADY_OLD)
    (pkg / "data.json").write_bytes(b"{}\n")
    (pkg / "__pycache__").mkdir()
    (pkg / "__pycache__" / "junk.py").write_bytes(b"f'{'\n")
    return pkg


def run_in(cwd, *args):
    return subprocess.run(
        command() + list(args),
        capture_output=True,
        cwd=str(cwd),
        env=environment(),
    )
