"""``python -m fstring_backport run``: run a 3.12-style script or module.

The import hook covers every module imported while it runs, and the script
itself is transpiled before it is compiled, so ``python3.8 -m fstring_backport
run app.py`` behaves like ``python3.12 app.py``: same ``sys.argv``, a module
named ``__main__``, ``sys.path[0]`` the script's folder.
"""

import os
import runpy
import sys
import traceback
import types
from importlib.machinery import SourceFileLoader
from typing import List

from . import install
from .compiling import compile_source

USAGE = """\
usage: python -m fstring_backport run SCRIPT [ARG ...]
       python -m fstring_backport run -m MODULE [ARG ...]

Run a script or module written with Python 3.12 f-strings, transpiling it and
every module it imports for the running Python.
"""


def main(argv: List[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(USAGE, end="", file=sys.stdout if argv else sys.stderr)
        return 0 if argv else 2
    if argv[0] == "-m" and len(argv) < 2:
        print(USAGE + "\nerror: -m needs a module name", file=sys.stderr)
        return 2
    install()
    if argv[0] == "-m":
        # sys.argv[0] becomes the module's file, as under ``python -m``.
        sys.argv = argv[1:]
        runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
        return 0
    path = argv[0]
    sys.argv = list(argv)
    if os.path.isdir(path) or not path.endswith(".py") and _is_zip(path):
        # A folder or zip archive with __main__.py: found by the import
        # system, so the hook already covers it.  run_path puts it first on
        # sys.path, in place of the working folder that -m put there.
        if not _safe_path():
            del sys.path[0]
        runpy.run_path(path, run_name="__main__")
        return 0
    return _run_script(path)


def _safe_path() -> bool:
    # Python 3.11's -P / PYTHONSAFEPATH: no folder was put in front of sys.path.
    return bool(getattr(sys.flags, "safe_path", False))


def _is_zip(path: str) -> bool:
    import zipfile

    return zipfile.is_zipfile(path)


def _run_script(path: str) -> int:
    try:
        with open(path, "rb") as handle:
            source = handle.read()
    except OSError as error:
        print(
            "{}: can't open file {!r}: [Errno {}] {}".format(
                sys.executable, path, error.errno, error.strerror
            ),
            file=sys.stderr,
        )
        return 2
    try:
        code = compile_source(source, path)
    except SyntaxError as error:
        # Printed without our own frames, as the interpreter prints it.
        traceback.print_exception(SyntaxError, error, None)
        return 1
    module = types.ModuleType("__main__")
    # 3.9 made a script's __file__ absolute; 3.8 keeps the path as given.
    module.__file__ = os.path.abspath(path) if sys.version_info >= (3, 9) else path
    module.__loader__ = SourceFileLoader("__main__", path)
    module.__builtins__ = __builtins__
    sys.modules["__main__"] = module
    if not _safe_path():
        sys.path[0] = os.path.dirname(os.path.abspath(path))
    exec(code, module.__dict__)
    return 0
