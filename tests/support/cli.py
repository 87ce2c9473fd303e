"""The ``fstring-backport`` command, run as the tests need it.

:func:`run` and :func:`run_in` call the command's ``main()`` in this
process, as black's and pyupgrade's tests do: its standard streams are
bytes read and written here, its exit status is returned;
:func:`run_wheel_in` does the same for ``python -m fstring_backport
wheel``, and :func:`run_command_line_in` for the whole command line (the
commands beside PATHS).  :func:`command` is the command as a real process,
for the tests that are about processes (the console script, ``python -m``,
workers, signals, terminals, memory), with
:func:`support.pythons.child_environment` for its environment.
"""

import io
import os
import subprocess
import sys
from pathlib import Path
from typing import Callable, List, NamedTuple, Union

from fstring_backport.cli import main as command_line
from fstring_backport.cli import wheel
from fstring_backport.cli.command import main

from .pythons import PACKAGE_HOME, REPO, child_environment

PathLike = Union[str, Path]


class Result(NamedTuple):
    """What a run of the command left: as ``subprocess.run`` reports it."""

    returncode: int
    stdout: bytes
    stderr: bytes


def run_in(cwd: PathLike, *args: str, stdin: bytes = b"") -> Result:
    """The command with ``args``, run in this process from the folder ``cwd``.

    Its standard input holds ``stdin``; what it writes to standard output
    and error comes back as bytes, as a process's would through pipes
    (neither is a terminal).  The streams are replaced here rather than
    through click's ``CliRunner``, whose handling of standard error changed
    across the click releases the project supports (``mix_stderr``, 8.0-8.2).
    """
    return _in_process(lambda: main(list(args), prog_name="fstring-backport"), cwd, stdin)


def run_wheel_in(cwd: PathLike, *args: Union[str, Path]) -> Result:
    """``python -m fstring_backport wheel`` with ``args``, run in this
    process from the folder ``cwd``, as :func:`run_in` runs the command."""
    arguments = [str(arg) for arg in args]
    return _in_process(lambda: wheel.main(arguments, prog_name="python -m fstring_backport wheel"), cwd, b"")


def run_command_line_in(cwd: PathLike, *args: Union[str, Path], prog_name: str = "fstring-backport") -> Result:
    """The whole command line with ``args`` (``fstring-backport wheel ...``,
    the console script's and ``python -m fstring_backport``'s start), run in
    this process from the folder ``cwd`` as :func:`run_in` runs the command;
    ``prog_name`` as the program is named."""
    arguments = [str(arg) for arg in args]
    return _in_process(lambda: command_line(arguments, prog_name=prog_name), cwd, b"")


def _in_process(call: Callable[[], object], cwd: PathLike, stdin: bytes) -> Result:
    out, err = io.BytesIO(), io.BytesIO()
    streams = (
        io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"),
        io.TextIOWrapper(out, encoding="utf-8", write_through=True),
        # A process's standard error never fails to encode.
        io.TextIOWrapper(err, encoding="utf-8", errors="backslashreplace", write_through=True),
    )
    saved = sys.stdin, sys.stdout, sys.stderr
    here = os.getcwd()
    os.chdir(str(cwd))
    sys.stdin, sys.stdout, sys.stderr = streams
    try:
        call()
        status = 0
    except SystemExit as exit:
        status = _status(exit.code)
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
        os.chdir(here)
    return Result(status, out.getvalue(), err.getvalue())


def _status(code: object) -> int:
    """The exit status of ``sys.exit(code)``, as the interpreter turns it."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    return 1  # a message, printed on standard error


def run(*args: str, stdin: bytes = b"") -> Result:
    """The command with ``args``, run in this process from the checkout."""
    return run_in(REPO, *args, stdin=stdin)


def command() -> List[str]:
    """The command as a process: the installed console script, or
    ``python -m fstring_backport`` when the package under test is not the
    installed one (a source checkout)."""
    script = Path(sys.executable).parent / "fstring-backport"
    if script.exists() and str(PACKAGE_HOME).startswith(str(Path(sys.prefix).resolve())):
        return [str(script)]
    return [sys.executable, "-m", "fstring_backport"]


def run_process_in(cwd: PathLike, *args: str, stdin: bytes = b"") -> "subprocess.CompletedProcess[bytes]":
    """The command with ``args`` as a real process, from the folder ``cwd``."""
    return subprocess.run(
        command() + list(args), input=stdin, capture_output=True, cwd=str(cwd), env=child_environment()
    )


NEEDS_REWRITE = b'songs = {"t": "x"}\nprint(f"{songs["t"]}")\n'
# NEEDS_REWRITE for Python 3.8 (checked against python3.15 by tests/cli/test_cli.py).
REWRITTEN = b'songs = {"t": "x"}\nprint(f"{songs[\'t\']}")\n'
ALREADY_OLD = b"print(f'{1}')\r\n"


def make_tree(root: Path, requires: str = ">=3.8") -> Path:
    """A project under ``root``: its package holds a file to rewrite, one
    that needs nothing, a data file and a bytecode cache; returns the package."""
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
