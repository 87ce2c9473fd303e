"""The playground's one link to fstring-backport, run by Pyodide in the page's worker.

The page shows what the command line prints, so it runs the command line:
the installed ``fstring-backport`` console script (found through its entry
point, so this file follows the package wherever its modules move), in this
process, as its console-script wrapper would, with standard input, output
and error in memory.  ``run(source, target)`` runs

    fstring-backport --target TARGET -
    fstring-backport --check --target TARGET -
    fstring-backport --diff --target TARGET -

on ``source`` and returns what each printed, and its exit status.  The
worker asks for the output first, to show it sooner, then for the rest.

The page holds text, the command reads bytes: the text goes in as a file
would hold it, in the encoding its coding declaration names (UTF-8 without
one), and the output, which the command prints in that same encoding, comes
back decoded with it.  Text the declared encoding cannot hold goes in as
UTF-8, as a file saved so would.
"""

import io
import sys
import tokenize
import warnings
from importlib.metadata import entry_points
from typing import Callable, Dict, List, Tuple, Union

Printed = Dict[str, Union[str, int]]

MODES = (("output", []), ("check", ["--check"]), ("diff", ["--diff"]))


def _console_script() -> Callable[[], object]:
    (script,) = entry_points(group="console_scripts", name="fstring-backport")
    return script.load()


COMMAND = _console_script()


def run(source: str, target: str, *modes: str) -> Dict[str, object]:
    """What the command prints for ``source`` at ``target`` ("3.8") in each
    of ``modes`` ("output", "check", "diff"; all three when none is named),
    and the encoding the source went in with."""
    data, encoding = _as_file(source)
    result: Dict[str, object] = {"encoding": encoding}
    for mode, options in MODES:
        if modes and mode not in modes:
            continue
        # Only the plain mode prints the file itself, in its own encoding;
        # problems and diffs are text, printed as UTF-8.
        printed_in = encoding if mode == "output" else "utf-8"
        result[mode] = _run_command(options + ["--target", target, "-"], data, printed_in)
    return result


def _as_file(source: str) -> Tuple[bytes, str]:
    """The bytes a file holding ``source`` would hold, and their encoding."""
    data = source.encode("utf-8", "surrogatepass")
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError:
        return data, "utf-8"  # an unknown or conflicting declaration: the command says so
    if encoding in ("utf-8", "utf-8-sig"):
        return data, "utf-8"  # a byte order mark is a character of the text already
    try:
        return source.encode(encoding), encoding
    except UnicodeEncodeError:
        return data, encoding


def _run_command(arguments: List[str], stdin: bytes, stdout_encoding: str) -> Printed:
    """Run the console script as ``fstring-backport ARGUMENTS`` with ``stdin``."""
    out, err = io.BytesIO(), io.BytesIO()
    # As Python's own on this platform: standard error never fails to write.
    streams = (
        io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"),
        io.TextIOWrapper(out, encoding="utf-8", newline="\n"),
        io.TextIOWrapper(err, encoding="utf-8", errors="backslashreplace", newline="\n"),
    )
    saved = sys.stdin, sys.stdout, sys.stderr, sys.argv
    sys.stdin, sys.stdout, sys.stderr = streams
    sys.argv = ["fstring-backport"] + arguments
    try:
        # As in a new process: each warning shows once in this run, even if
        # an earlier run showed it (entering catch_warnings forgets which).
        with warnings.catch_warnings():
            status = _exit_status(COMMAND)
    finally:
        for stream in streams:
            stream.flush()
        sys.stdin, sys.stdout, sys.stderr, sys.argv = saved
    printed: Printed = {
        "stdout": out.getvalue().decode(stdout_encoding, "replace"),
        "stderr": err.getvalue().decode("utf-8", "replace"),
        "status": status,
    }
    for stream in streams:
        stream.detach()  # leave the buffers open: a wrapper closes its buffer when collected
    return printed


def _exit_status(command: Callable[[], object]) -> int:
    """The status ``sys.exit(command())`` ends the process with, as the
    console-script wrapper calls it; an uncaught exception prints its
    traceback and ends it with 1, as Python does."""
    try:
        code = command()
    except SystemExit as exc:
        code = exc.code
    except BaseException:
        import traceback

        traceback.print_exc()
        return 1
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1
