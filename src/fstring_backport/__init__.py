"""Run Python 3.12 f-strings on Python 3.8 to 3.11, and 3.14 t-strings on 3.8
to 3.13: the import hook, and the API.

PYTEST_DONT_REWRITE: the package registers a pytest plugin, so pytest would
rewrite its modules' asserts, and warn that it cannot when the hook (or an
editable install's ``.pth``) imported it before pytest started.

``transpile`` (:mod:`fstring_backport.engine`) loads on first use.  The
import hook lives here, in the package itself, because a package that calls
``install(__name__)`` imports this module before its own: one module found,
read and run instead of two takes 0.12 ms off every warm start (1-2% of
importing a package of fifty modules).

``install("mypkg")`` puts a finder at the front of ``sys.meta_path``.  For a
module it covers, the finder asks the finders behind it where the module is
and, when the answer is a plain source file (or a ``.py`` in a zip archive),
swaps in a loader that runs ``transpile`` before compiling.

The bytecode of a hooked module is cached next to Python's own, under a name
of its own that carries this tool's version (``mod.cpython-38.fsbp-0.1.0.pyc``,
``mod.cpython-38.opt-1.fsbp-0.1.0.pyc`` under ``-O``), so a plain interpreter
never loads a transpiled pyc and an upgrade of the tool starts afresh.  A warm
import reads that pyc and nothing else: this module imports only what the
interpreter has already loaded.  What a cold import needs (transpiling,
compiling, zip archives) is in :mod:`fstring_backport.hook.cold_path`, imported
with the engine on the first module that has to be transpiled.
"""

# Only modules that a started interpreter has already loaded: importing this
# package must cost a warm import nothing measurable.
import marshal
import os
import sys
import zipimport

# importlib.util and importlib.machinery re-export these from the frozen
# module every CPython starts with; importing them (or the importlib package)
# costs up to 3 ms on 3.8, a tenth of a warm import of fifty modules.
# (typeshed lacks _bootstrap, which the module has.)
from _frozen_importlib_external import (  # type: ignore[attr-defined]  # noqa: PLC2701
    MAGIC_NUMBER,
    SourceFileLoader,
    _bootstrap,
    cache_from_source,
)

# For the type checkers only (they take any TYPE_CHECKING as true); typing
# itself is not loaded at start-up.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec
    from types import CodeType, ModuleType
    from typing import Sequence

    from .engine.errors import TranspileError
    from .engine.pipeline import transpile
    from .integrations.compile import compile

__version__ = "0.1.0"

# The first Python that reads PEP 701 f-strings as they are.  Defined here,
# not in the engine's targets module (which takes it from here), because the
# hook needs it on every start and must import nothing to get it.
NATIVE = (3, 12)
# The first Python with PEP 750 t-strings, where the hook has nothing left to
# do (3.12 and 3.13 need it for t-strings only).
TSTRINGS = (3, 14)

__all__ = ["TranspileError", "compile", "install", "transpile", "uninstall", "__version__"]


def install(package: "str | None" = None) -> None:
    """Transpile modules imported from now on: those of ``package`` and its
    subpackages, or every module when no name is given.

    Typically ``fstring_backport.install(__name__)`` in a package's
    ``__init__.py``, which must itself be valid for the oldest Python.  On
    Python 3.12 and 3.13 only t-strings are rewritten; on 3.14 and later
    this does nothing.
    """
    if sys.version_info[:2] >= TSTRINGS:
        return
    if package is None:
        _finder.everything = True
    else:
        _finder.packages.add(package)
    if _finder not in sys.meta_path:
        sys.meta_path.insert(0, _finder)


def uninstall() -> None:
    """Stop transpiling; modules already imported stay as they are."""
    _finder.packages.clear()
    _finder.everything = False
    if _finder in sys.meta_path:
        sys.meta_path.remove(_finder)


ENVIRONMENT_VARIABLE = "FSTRING_BACKPORT_HOOK"


def install_from_environment() -> None:
    """``FSTRING_BACKPORT_HOOK=pkg,otherpkg`` covers those packages, ``*``
    every module.  Run at start-up by the ``.pth`` file this tool installs."""
    for name in os.environ.get(ENVIRONMENT_VARIABLE, "").split(","):
        name = name.strip()
        if name:
            install(None if name == "*" else name)


def __getattr__(name: str) -> object:
    # The engine loads on first use: a package that only calls install()
    # and finds its modules cached never pays for it.
    if name in ("transpile", "TranspileError"):
        from .engine import pipeline

        return getattr(pipeline, name)
    if name == "compile":
        from .integrations.compile import compile

        return compile
    if name in ("load_ipython_extension", "unload_ipython_extension"):  # %load_ext fstring_backport
        from .integrations import ipython_extension

        return getattr(ipython_extension, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# -- the hook ------------------------------------------------------------------


def _cache_name(source_path: str) -> "str | None":
    """Where the transpiled bytecode of ``source_path`` lives; None if nowhere.

    Python's own name with the tool's tag before ``.pyc``, so that
    ``PYTHONPYCACHEPREFIX`` and the optimisation level are honoured exactly as
    for Python's own caches.
    """
    try:
        plain = cache_from_source(source_path)
    except NotImplementedError:  # sys.implementation.cache_tag is None
        return None
    return plain[: -len(".pyc")] + ".fsbp-" + __version__ + ".pyc"


def _pyc_header(mtime: float, size: int) -> bytes:
    # The layout of a timestamp-based pyc (PEP 552, flags 0).
    return (
        MAGIC_NUMBER
        + (0).to_bytes(4, "little")
        + (int(mtime) & 0xFFFFFFFF).to_bytes(4, "little")
        + (size & 0xFFFFFFFF).to_bytes(4, "little")
    )


def _verbose(message: str, *args: object) -> None:
    # Shown under ``python -v``, next to the interpreter's own import messages.
    if sys.flags.verbose:
        print("# fstring-backport: " + message.format(*args), file=sys.stderr)


class BackportSourceLoader(SourceFileLoader):
    """A source file loader that transpiles and keeps its own bytecode cache.

    Everything but compiling (``get_code``, ``source_to_code``) is
    SourceFileLoader's, so ``get_source`` (and with it linecache, tracebacks
    and ``inspect.getsource``) sees the original file; the rewrite keeps
    every line where it was.
    """

    # An instance method with _optimize, as SourceFileLoader's own (typeshed
    # has InspectLoader's static one).
    def source_to_code(  # type: ignore[override]
        self, data: bytes, path: str, *, _optimize: int = -1
    ) -> "CodeType":
        from .hook.cold_path import compile_source

        return compile_source(data, path, _optimize)

    def exec_module(self, module: "ModuleType") -> None:
        # importlib's own, but for an error compiling the module: shown as
        # the interpreter shows its own, without this tool's frames (see
        # _IMPORT_SYSTEM below).
        try:
            code = self.get_code(module.__name__)
        except Exception as error:
            if sys.flags.verbose or not _raised_compiling(error):
                raise  # python -v shows every frame, as it does for importlib's
            failed: BaseException | None = error.with_traceback(None)
        else:
            failed = None
        if failed is not None:
            if sys.implementation.name == "cpython":
                from codecs import strict_errors  # raises its argument, from C

                _bootstrap._call_with_frames_removed(strict_errors, failed)
            raise failed  # PyPy drops this frame as it is
        _bootstrap._call_with_frames_removed(exec, code, module.__dict__)

    def get_code(self, fullname: str) -> "CodeType":
        source_path = self.get_filename(fullname)
        stats = self.path_stats(source_path)
        header = _pyc_header(stats["mtime"], stats["size"])
        cache_path = _cache_name(source_path)
        if cache_path is not None:
            try:
                cached = self.get_data(cache_path)
            except OSError:
                cached = b""
            if cached[:16] == header:
                try:
                    code = marshal.loads(cached[16:])
                except (EOFError, ValueError, TypeError):
                    pass  # a damaged cache: transpile again and overwrite it
                else:
                    _verbose("code object from {}", cache_path)
                    return code
        code = self.source_to_code(self.get_data(source_path), source_path)
        if cache_path is not None and not sys.dont_write_bytecode:
            # set_data makes __pycache__ and gives up quietly where it cannot
            # write (a read-only install), as Python does for its own pycs.
            self.set_data(cache_path, header + marshal.dumps(code))
        return code


# A failed import shows no frame of the import system: CPython drops each
# run of frames of these two files that ends in a call to
# _call_with_frames_removed (remove_importlib_frames in Python/import.c), PyPy
# every frame of them.  The hooked loaders' exec_module is part of that
# system: compiled under importlib's name, it goes with importlib's frames
# when the module fails to compile (the error is raised from C inside
# _call_with_frames_removed, as compile() raises it) or fails when it runs.
_IMPORT_SYSTEM = SourceFileLoader.exec_module.__code__.co_filename
BackportSourceLoader.exec_module.__code__ = BackportSourceLoader.exec_module.__code__.replace(
    co_filename=_IMPORT_SYSTEM
)


def _raised_compiling(error: BaseException) -> bool:
    """Whether ``error`` comes from compiling a module (a SyntaxError, or what
    compile() raises), not from a fault of this tool or the file system."""
    compiling = sys.modules.get(__name__ + ".hook.cold_path")
    traceback = error.__traceback__
    while traceback is not None and traceback.tb_next is not None:
        traceback = traceback.tb_next
    return (
        compiling is not None
        and traceback is not None
        and traceback.tb_frame.f_code is compiling.compile_source.__code__
    )


# The folder of os.py is the standard library's; installed packages live in
# a site-packages folder inside it or elsewhere.
_STANDARD_LIBRARY = os.path.dirname(os.__file__) + os.sep


def _in_standard_library(origin: "str | None") -> bool:
    """Modules of the running Python's own library, which never need the hook
    (and which the engine itself imports while the hook is running)."""
    return (
        origin is not None
        and origin.startswith(_STANDARD_LIBRARY)
        and "site-packages" not in origin[len(_STANDARD_LIBRARY) :].split(os.sep)
    )


class BackportFinder:
    """Hands covered modules that are source files to a transpiling loader."""

    def __init__(self) -> None:
        self.packages = set()  # type: set[str]
        self.everything = False

    def covers(self, fullname: str) -> bool:
        # Asked for every import in the process: one set lookup per package level.
        if fullname.partition(".")[0] == __name__:
            return False  # the tool itself, which the hook may import while loading
        if self.everything:
            return True
        name = fullname
        while name not in self.packages:  # the module, then each package above it
            name, dot, _ = name.rpartition(".")
            if not dot:
                return False
        return True

    def find_spec(
        self, fullname: str, path: "Sequence[str] | None", target: "ModuleType | None" = None
    ) -> "ModuleSpec | None":
        if not self.covers(fullname):
            return None
        try:
            spec = self._spec_from_the_others(fullname, path, target)
        except SyntaxError:
            # zipimport compiles a module just to name its file; 3.12 syntax
            # fails there.
            from .hook.cold_path import spec_from_an_archive

            spec = spec_from_an_archive(fullname, path)
            if spec is None:
                raise
            return spec
        if spec is None or self.everything and _in_standard_library(spec.origin):
            return spec
        loader = spec.loader
        if type(loader) is SourceFileLoader:
            spec.loader = BackportSourceLoader(loader.name, loader.path)
            # The module's __cached__ names the pyc it is loaded from.
            spec.cached = _cache_name(loader.path)
        elif isinstance(loader, zipimport.zipimporter) and str(spec.origin).endswith(".py"):
            from .hook.cold_path import BackportZipLoader

            spec.loader = BackportZipLoader(loader, spec.origin)
        return spec

    def _spec_from_the_others(
        self, fullname: str, path: "Sequence[str] | None", target: "ModuleType | None"
    ) -> "ModuleSpec | None":
        for finder in sys.meta_path:
            if finder is self:
                continue
            find_spec = getattr(finder, "find_spec", None)
            if find_spec is None:
                continue
            spec = find_spec(fullname, path, target)
            if spec is not None:
                return spec
        return None


_finder = BackportFinder()
