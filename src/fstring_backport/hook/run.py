"""``fstring-backport run`` (``python -m fstring_backport run``): run a 3.12-style script or module.

The import hook covers every module imported while it runs, and the script
itself is transpiled before it is compiled, so ``python3.8 -m fstring_backport
run app.py`` behaves like ``python3.12 app.py``: same ``sys.argv``, a module
named ``__main__``, ``sys.path[0]`` the script's folder, and the same
traceback for an exception nothing catches (the user's frames only, printed
by ``sys.excepthook``).

Child Python processes get the hook for every module too, through
``FSTRING_BACKPORT_HOOK=*`` and the ``.pth`` file that installing
fstring-backport puts in ``site-packages``; ``run -m pytest`` switches the
pytest plugin on (it sees the hook cover every module).
"""

import os
import runpy
import sys
import types
from importlib.machinery import SourceFileLoader
from typing import Any, List

from .. import ENVIRONMENT_VARIABLE, NEWEST_GRAMMAR, _finder
from .cold_path import compile_source, is_bad_setting


def main(argv: List[str]) -> int:
    """Run ``argv``: ``SCRIPT [ARG ...]`` or ``-m MODULE [ARG ...]``, as
    the command line has read them (cli/subcommands.py); the exit status."""
    if sys.version_info[:2] < NEWEST_GRAMMAR:
        # Below 3.14 to rewrite f-strings and t-strings; on 3.14, where they
        # are native, lazy imports, and to name what it rejects.
        _finder.cover_everything()
        _finder.cover_modules_loaded_by_path()
        os.environ[ENVIRONMENT_VARIABLE] = "*"  # for child processes
    if argv[0] == "-m":
        # sys.argv[0] becomes the module's file, as under ``python -m``.
        sys.argv = argv[1:]
        return _run_as_main(argv[1], alter_argv=True)
    path = argv[0]
    sys.argv = list(argv)
    if os.path.isdir(path) or not path.endswith(".py") and _is_zip(path):
        # A folder or zip archive with __main__.py: found by the import
        # system, so the hook already covers it.  It goes first on sys.path
        # (absolute, as from 3.9 on), in place of the working folder that -m
        # put there.
        if not _safe_path():
            del sys.path[0]
        sys.path.insert(0, os.path.abspath(path))
        return _run_as_main("__main__", alter_argv=False)
    return _run_script(path)


def _safe_path() -> bool:
    # Python 3.11's -P / PYTHONSAFEPATH: no folder was put in front of sys.path.
    return bool(getattr(sys.flags, "safe_path", False))


def _is_zip(path: str) -> bool:
    import zipfile

    return zipfile.is_zipfile(path)


def _run_as_main(module: str, alter_argv: bool) -> int:
    """Run ``module`` as ``python -m module`` (or ``python folder``) does:
    through runpy's ``_run_module_as_main``, whose two frames the
    interpreter's traceback shows too, in a fresh ``__main__`` module (not
    this tool's)."""
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        runpy._run_module_as_main(module, alter_argv)  # type: ignore[attr-defined]
    except SystemExit:
        raise
    except BaseException as error:
        failed = error
    else:
        return 0
    # Reported outside the except clause: no exception is being handled
    # while the hook runs, as under the interpreter.
    return _uncaught(failed, _below(failed.__traceback__))


def _run_script(path: str) -> int:
    try:
        with open(path, "rb") as handle:
            source = handle.read()
    except OSError as error:
        print(
            f"{sys.executable}: can't open file {path!r}: [Errno {error.errno}] {error.strerror}",
            file=sys.stderr,
        )
        return 2
    # The script's file name (its __file__, its frames' file) is absolute,
    # as from 3.9 on: the working folder joined to it, unnormalised.
    filename = os.path.join(os.getcwd(), path)
    try:
        code = compile_source(source, filename)
    except Exception as error:
        failed: Exception | None = error
    else:
        failed = None
    if failed is not None:
        # The interpreter shows no frame for a script that does not compile.
        return _uncaught(failed, None)
    module = types.ModuleType("__main__")
    module.__file__ = filename
    module.__loader__ = SourceFileLoader("__main__", path)
    module.__builtins__ = __builtins__  # type: ignore[attr-defined]  # a module's, missing from typeshed
    sys.modules["__main__"] = module
    if not _safe_path():
        sys.path[0] = os.path.dirname(os.path.abspath(path))
    try:
        exec(code, module.__dict__)
    except SystemExit:
        raise
    except BaseException as error:
        raised = error
    else:
        return 0
    # The script's own frames start below this one.
    return _uncaught(raised, _below(raised.__traceback__))


def _below(traceback: "types.TracebackType | None") -> "types.TracebackType | None":
    """The frames below the first of ``traceback`` (a caught exception's,
    which is never None)."""
    return traceback.tb_next if traceback is not None else None


def _uncaught(error: BaseException, traceback: "types.TracebackType | None") -> int:
    """Do with ``error``, which nothing caught, what the interpreter does
    (PyErr_Print): hand it to ``sys.excepthook`` with ``traceback``, the
    frames from the user's code down, then exit with status 1.  A
    KeyboardInterrupt goes on to the interpreter, which ends the process
    by SIGINT after its usual clean-up.  A bad setting in a pyproject.toml
    is one line and exit status 2, as for the command line."""
    if is_bad_setting(error):
        print(f"fstring-backport: {error}", file=sys.stderr)
        return 2
    error.with_traceback(traceback)
    kind = type(error)
    sys.last_type, sys.last_value, sys.last_traceback = kind, error, traceback
    # 3.12 is where sys.last_exc appeared (not the f-string version: the
    # type checkers know the attribute by this literal).
    if sys.version_info >= (3, 12):
        sys.last_exc = error
    hook = getattr(sys, "excepthook", None)
    if hasattr(sys, "audit"):
        sys.audit("sys.excepthook", hook, kind, error, traceback)
    if hook is None:
        print("sys.excepthook is missing", file=sys.stderr)
        sys.__excepthook__(kind, error, traceback)
    else:
        try:
            hook(kind, error, traceback)
        except SystemExit:
            raise
        except BaseException as error_in_hook:
            # From the hook's frame down, as the interpreter calls it.
            error_in_hook.with_traceback(_below(error_in_hook.__traceback__))
            hook_error: BaseException | None = error_in_hook
        else:
            hook_error = None
        if hook_error is not None:
            sys.stdout.flush()
            print("Error in sys.excepthook:", file=sys.stderr)
            sys.__excepthook__(type(hook_error), hook_error, hook_error.__traceback__)
            print("\nOriginal exception was:", file=sys.stderr)
            sys.__excepthook__(kind, error, traceback)
    if isinstance(error, KeyboardInterrupt):
        # Printed already: the interpreter's own hook call is a silent one,
        # which puts the user's hook back for whatever runs at exit.
        def printed(*args: object, _hook: Any = hook) -> None:
            sys.excepthook = _hook

        sys.excepthook = printed
        raise error
    return 1
