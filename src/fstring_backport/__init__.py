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
swaps in a loader that runs ``transpile`` before compiling.  The same finder
answers for ``string.templatelib`` (the t-string runtime) before 3.14.

The bytecode of a hooked module is cached next to Python's own, under a name
of its own that carries this tool's version (``mod.cpython-38.fsbp-0.1.0.pyc``,
``mod.cpython-38.opt-1.fsbp-0.1.0.pyc`` under ``-O``), so a plain interpreter
never loads a transpiled pyc and an upgrade of the tool starts afresh
(:func:`bytecode_cache_path`).  A warm import reads that pyc and nothing else:
this module imports only what the interpreter has already loaded.  What a
cold import needs (transpiling, compiling, zip archives) is in
:mod:`fstring_backport.hook.cold_path`, imported with the engine on the first
module that has to be transpiled.

Besides the API (``__all__``), the package's own shells use these names:
:class:`BackportFinder` and :class:`BackportSourceLoader` (the pytest
plugin), the bytecode caches' functions (``compileall``, the plugin),
:data:`NATIVE` and :data:`TSTRINGS` (everywhere; the engine takes them from
:mod:`fstring_backport.engine.targets`).
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
    from typing import Any, Callable, Sequence, Tuple

    from .engine.errors import TranspileError
    from .engine.pipeline import transpile
    from .integrations.compile import compile

__version__ = "0.1.0"

# The first Python that reads PEP 701 f-strings as they are.  Defined here,
# not in the engine's targets module (which takes it from here), because the
# hook needs it on every start and must import nothing to get it.
NATIVE = (3, 12)
# The first Python with PEP 750 t-strings (and string.templatelib): 3.12
# and 3.13 need the hook for t-strings only, 3.14 for lazy imports only.
TSTRINGS = (3, 14)

# The first Python that reads every construct the engine knows (its rules
# module checks), where the hook has nothing left to do: below it, the
# hook lowers what the running Python rejects, or names it.
NEWEST_GRAMMAR = (3, 15)
# Before 3.14 the t-string runtime is string.templatelib; from then on the
# real one is, and the hook (under ``run`` or the pytest plugin on 3.14,
# naming newer grammar) leaves ``string`` alone.
_RUNTIME_IS_TEMPLATELIB = sys.version_info[:2] < TSTRINGS

__all__ = ["TranspileError", "compile", "install", "transpile", "uninstall", "__version__"]


def install(package: "str | None" = None) -> None:
    """Transpile modules imported from now on: those of ``package`` and its
    subpackages, or every module when no name is given.

    Typically ``fstring_backport.install(__name__)`` in a package's
    ``__init__.py``, which must itself be valid for the oldest Python.  On
    Python 3.12 and 3.13 only t-strings (and lazy imports) are rewritten;
    on 3.14 only lazy imports; on 3.15 this does nothing.
    ``string.templatelib`` can be imported from then on, by any module.
    """
    if sys.version_info[:2] >= NEWEST_GRAMMAR:
        return
    if package is None:
        _finder.cover_everything()
    else:
        _finder.packages.add(package)
        _finder.attach()


def uninstall() -> None:
    """Stop transpiling; modules already imported stay as they are."""
    _finder.packages.clear()
    _finder.everything = False
    _finder.folders = ()
    if _finder in sys.meta_path:
        sys.meta_path.remove(_finder)


ENVIRONMENT_VARIABLE = "FSTRING_BACKPORT_HOOK"


def install_from_environment() -> None:
    """``FSTRING_BACKPORT_HOOK=pkg,otherpkg`` covers those packages, ``*``
    every module, an absolute folder the modules whose files lie under it
    (outside ``site-packages``).  Run at start-up by the ``.pth`` file this
    tool installs; ``run`` and the pytest plugin set the variable for the
    child processes they start."""
    for entry in os.environ.get(ENVIRONMENT_VARIABLE, "").split(","):
        entry = entry.strip()
        if not entry:
            continue
        if entry == "*":
            install()
        elif os.path.isabs(entry):
            if sys.version_info[:2] < NEWEST_GRAMMAR:
                _finder.folders += (os.path.join(entry, ""),)
                _finder.attach()
        else:
            install(entry)


def hook_covers_locations() -> bool:
    """Whether the hook covers every module, or whole folders, in this
    process: under ``run``, with ``FSTRING_BACKPORT_HOOK=*``, or in a child
    process of either or of a pytest run with the plugin.  The pytest plugin
    then switches itself on."""
    return _finder.everything or bool(_finder.folders)


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


# -- the bytecode caches -------------------------------------------------------
# The one home of this tool's bytecode caches: the names of their files, their
# headers (PEP 552), reading and writing them.  The import hook's cache
# (stamped headers, as Python's own), which ``python -m fstring_backport
# compileall`` fills ahead of time, and the pytest plugin's, for the test
# modules it rewrote (tagged with pytest's version, hashed headers).
# Functions, not a class: this module is imported on every hooked start.


def bytecode_cache_path(source_path: str, tag: str = "") -> "str | None":
    """Where the bytecode of ``source_path`` is cached; None if nowhere.

    Python's own name with ``tag`` (``"-pytest-9.2.0"`` for the pytest
    plugin's) and this tool's version before ``.pyc``:
    ``mod.cpython-38.fsbp-0.1.0.pyc``.  ``PYTHONPYCACHEPREFIX`` and the
    optimisation level are honoured as for Python's own caches, a plain
    interpreter never reads the file, and an upgrade of the tool starts
    afresh.
    """
    try:
        plain = cache_from_source(source_path)
    except NotImplementedError:  # sys.implementation.cache_tag is None
        return None
    return plain[: -len(".pyc")] + tag + ".fsbp-" + __version__ + ".pyc"


def stamped_pyc_header(mtime: float, size: int) -> bytes:
    """The header of a timestamp-based pyc (flags 0), as Python's own: valid
    while the source keeps its modification time and size."""
    return (
        MAGIC_NUMBER
        + (0).to_bytes(4, "little")
        + (int(mtime) & 0xFFFFFFFF).to_bytes(4, "little")
        + (size & 0xFFFFFFFF).to_bytes(4, "little")
    )


def hashed_pyc_header(source: bytes) -> bytes:
    """The header of a checked hash-based pyc (flags 3), as pytest 9 writes:
    a checkout or a restored cache gives every file a new modification
    time, not new content."""
    from importlib.util import source_hash

    return MAGIC_NUMBER + (3).to_bytes(4, "little") + source_hash(source)


def read_bytecode(cache_path: str, header: bytes, filename: "str | None" = None) -> "CodeType | None":
    """The code cached at ``cache_path`` if the file starts with ``header``
    (and, if given, the code is ``filename``'s); None if there is none
    valid: missing, stale, damaged, or moved with its source."""
    try:
        with open(cache_path, "rb", buffering=0) as file:
            data = file.readall()
    except OSError:
        return None
    if data[:16] != header:
        return None
    try:
        code = marshal.loads(data[16:])
    except (EOFError, ValueError, TypeError):
        return None  # damaged: compiled again and overwritten
    if filename is not None and getattr(code, "co_filename", None) != filename:
        return None
    return code


def write_bytecode(cache_path: str, header: bytes, code: "CodeType") -> None:
    """Write ``header`` and ``code`` at ``cache_path``, making its folder:
    whole or not at all (a process that reads it meanwhile, or another that
    writes it, as under pytest-xdist, sees one whole file), and not at all,
    quietly, where the folder cannot be written (a read-only install), as
    Python does for its own pycs."""
    data = header + marshal.dumps(code)
    partial = cache_path + "." + str(os.getpid())
    try:
        folder = os.path.dirname(cache_path)
        if not os.path.isdir(folder):
            os.makedirs(folder, exist_ok=True)
        # A new file, as importlib writes its own: truncating an old one
        # (a process that died here) would cost a flush to disk on ext4.
        with open(os.open(partial, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666), "wb", buffering=0) as file:
            file.write(data)
        os.replace(partial, cache_path)
    except OSError:
        try:
            os.unlink(partial)  # a dead process's too: the next import writes the cache
        except OSError:
            pass


# -- the hook ------------------------------------------------------------------


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
        header = stamped_pyc_header(stats["mtime"], stats["size"])
        cache_path = bytecode_cache_path(source_path)
        if cache_path is not None:
            cached = read_bytecode(cache_path, header)
            if cached is not None:
                _verbose("code object from {}", cache_path)
                return cached
        code = self.source_to_code(self.get_data(source_path), source_path)
        if cache_path is not None and not sys.dont_write_bytecode:
            write_bytecode(cache_path, header, code)
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
_INSTALLED_PACKAGES = ("site-packages", "dist-packages")


def _in_standard_library(origin: str) -> bool:
    """Modules of the running Python's own library, which never need the hook
    (and which the engine itself imports while the hook is running)."""
    return origin.startswith(_STANDARD_LIBRARY) and not _in_installed_package(origin[len(_STANDARD_LIBRARY) :])


def _in_installed_package(below: str) -> bool:
    """Whether the file at ``below`` (a path from a folder) lies in a
    site-packages or dist-packages folder there."""
    folders = below.split(os.sep)[:-1]
    return any(name in folders for name in _INSTALLED_PACKAGES)


class BackportFinder:
    """Hands covered modules that are source files to a transpiling loader.

    A module is covered by its name (``packages``: the package and every
    module below it), or by where its file is: anywhere but the standard
    library (``everything``), or under one of ``folders`` but not in an
    installed package there (a virtual environment inside a project).
    """

    def __init__(self) -> None:
        self.packages: set[str] = set()
        self.everything = False
        self.folders: Tuple[str, ...] = ()  # each ending in os.sep

    def cover_everything(self) -> None:
        """Cover every module but the standard library's, from now on."""
        self.everything = True
        self.attach()

    def attach(self, position: int = 0) -> None:
        """Put the finder on ``sys.meta_path`` at ``position``, unless it is there."""
        if self not in sys.meta_path:
            sys.meta_path.insert(position, self)
        if _RUNTIME_IS_TEMPLATELIB:
            _make_string_a_package()

    def find_spec(
        self, fullname: str, path: "Sequence[str] | None", target: "ModuleType | None" = None
    ) -> "ModuleSpec | None":
        # Asked for every import in the process: the outcome for a module
        # that is not covered must take a set lookup per package level.
        top = fullname.partition(".")[0]
        if top == "string" and _RUNTIME_IS_TEMPLATELIB:
            return self._string_spec(fullname, path, target)
        by_name = True
        name = fullname
        while name not in self.packages:  # the module, then each package above it
            name, dot, _ = name.rpartition(".")
            if not dot:
                if not (self.everything or self.folders) or top == __name__:
                    return None  # the tool itself, which the hook may import while loading
                by_name = False
                break
        try:
            spec = self.spec_from_behind(fullname, path, target)
        except SyntaxError:
            # zipimport compiles a module just to name its file; 3.12 syntax
            # fails there.
            from .hook.cold_path import spec_from_an_archive

            spec = spec_from_an_archive(fullname, path)
            if spec is None:
                raise
            return spec
        if spec is None or spec.origin is None or not (by_name or self._covers_file(spec.origin)):
            return spec
        return self._backported(spec)

    def _backported(self, spec: "ModuleSpec") -> "ModuleSpec":
        """``spec``, whose module this finder covers, with a transpiling loader."""
        loader = spec.loader
        if type(loader) is SourceFileLoader:
            spec.loader = BackportSourceLoader(loader.name, loader.path)
            # The module's __cached__ names the pyc it is loaded from.
            spec.cached = bytecode_cache_path(loader.path)
        elif isinstance(loader, zipimport.zipimporter) and spec.origin.endswith(".py"):
            from .hook.cold_path import BackportZipLoader

            spec.loader = BackportZipLoader(loader, spec.origin)
        return spec

    def cover_modules_loaded_by_path(self) -> "Callable[[], None]":
        """Have ``importlib.util.spec_from_file_location`` give the modules
        this finder covers its transpiling loader, as ``run`` and the pytest
        plugin promise for every module: a script's helper loaded by path
        (``spec_from_file_location`` then ``exec_module``) meets no finder.
        Returns what undoes it."""
        import importlib.util

        original = importlib.util.spec_from_file_location

        def spec_from_file_location(name: str, *args: "Any", **kwargs: "Any") -> "ModuleSpec | None":
            spec = original(name, *args, **kwargs)
            if spec is not None and spec.origin is not None and self._covers(name, spec.origin):
                spec = self._backported(spec)
            return spec

        importlib.util.spec_from_file_location = spec_from_file_location

        def undo() -> None:
            if importlib.util.spec_from_file_location is spec_from_file_location:
                importlib.util.spec_from_file_location = original

        return undo

    def _covers(self, fullname: str, origin: str) -> bool:
        name = fullname
        while name not in self.packages:
            name, dot, _ = name.rpartition(".")
            if not dot:
                return self._covers_file(origin)
        return True

    def _covers_file(self, origin: str) -> bool:
        """Whether the module at ``origin``, which no package name covers,
        is covered by where it is."""
        if _in_standard_library(origin):
            return False
        if self.everything:
            return True
        for folder in self.folders:
            if origin.startswith(folder):
                return not _in_installed_package(origin[len(folder) :])
        return False

    def spec_from_behind(
        self, fullname: str, path: "Sequence[str] | None", target: "ModuleType | None"
    ) -> "ModuleSpec | None":
        """The spec the finders behind this one on ``sys.meta_path`` give
        (every other finder, when this one is not there).

        Those in front had their turn.  Asking only those behind is what
        keeps finders that ask other finders from asking each other without
        end: the pytest plugin's, which sits behind pytest's own finder,
        and the one of ``install()``, in front of it or behind it.
        """
        finders = sys.meta_path
        try:
            finders = finders[finders.index(self) + 1 :]
        except ValueError:
            finders = list(finders)  # a copy: a finder may change sys.meta_path
        for finder in finders:
            find_spec = getattr(finder, "find_spec", None)
            if find_spec is None:
                continue
            spec = find_spec(fullname, path, target)
            if spec is not None:
                return spec
        return None

    def _string_spec(
        self, fullname: str, path: "Sequence[str] | None", target: "ModuleType | None"
    ) -> "ModuleSpec | None":
        """``string.templatelib`` before 3.14: the module that the t-string
        runtime registers under that name, for a module that imports it
        without having been transpiled (``importlib.import_module``, a
        module the hook does not cover) before anything loaded the runtime.
        ``string`` comes as a package (see _make_string_a_package)."""
        if fullname == "string.templatelib":
            runtime = os.path.join(os.path.dirname(__file__), "templatelib.py")
            return _bootstrap.ModuleSpec(fullname, self, origin=runtime)  # loaded by create_module
        if fullname != "string":
            return None
        spec = self.spec_from_behind(fullname, path, target)
        if spec is not None and spec.submodule_search_locations is None:
            spec.submodule_search_locations = []
        return spec

    # The loader of string.templatelib (as BuiltinImporter is a finder and
    # a loader): no class of its own to create on every hooked start.

    @staticmethod
    def create_module(spec: "ModuleSpec") -> "ModuleType":
        """``string.templatelib``: the module that the t-string runtime
        (:mod:`fstring_backport.templatelib`) registers under that name, on
        its first import; the one every transpiled t-string builds its
        Template from."""
        from . import templatelib

        registered: ModuleType | None = sys.modules.get(spec.name)
        if registered is None:  # taken out of sys.modules since (pytester restores a snapshot)
            registered = templatelib._registered
        return registered

    @staticmethod
    def exec_module(module: "ModuleType") -> None:
        pass  # the runtime made it


def _make_string_a_package() -> None:
    """Give the ``string`` module an empty ``__path__``, as the package it
    is from 3.14 on: the import system asks the finders for
    ``string.templatelib`` only then ("'string' is not a package" before).
    A ``string`` imported later comes so from the hook's finder."""
    string = sys.modules.get("string")
    if string is None or getattr(string, "__path__", None) is not None:
        return
    string.__path__ = []
    string.__package__ = "string"
    spec = getattr(string, "__spec__", None)
    if spec is not None and spec.submodule_search_locations is None:
        spec.submodule_search_locations = []


_finder = BackportFinder()
