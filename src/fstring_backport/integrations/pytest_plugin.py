"""pytest plugin: tests written with Python 3.12 f-strings and 3.14 t-strings,
run on Python 3.8 to 3.13 with pytest's assertion rewriting intact.

Registered through pytest's ``pytest11`` entry point and off unless
``--fstring-backport`` is given, the configuration says
``fstring_backport = true``, or the import hook covers every module or
whole folders (under ``python -m fstring_backport run``, in a child process
of such a run or of a run with the plugin); off, it adds one command line
option and one setting, and pytest runs as without it.  On 3.12 and 3.13
only t-strings are lowered; on 3.14, where both are native, it switches on
to lower lazy imports and to name grammar newer than the running Python
(unpacking in a comprehension) in the SyntaxError; on 3.15 it does nothing.

Switched on, before the first ``conftest.py`` is imported, it covers:

- Test modules and ``conftest.py`` files (whatever pytest's own import hook
  rewrites, ``register_assert_rewrite`` included): that hook's
  ``exec_module`` is replaced, on the hook of this run only, by one that
  transpiles the source before pytest parses it and rewrites its asserts
  (``_pytest.assertion.rewrite.rewrite_asserts``, pytest's function for
  this since pytest 3), then compiles and caches the result.  Every line
  keeps its number, so tracebacks show the original file's lines.  As
  for the import hook, ``future-annotations`` of the nearest
  pyproject.toml adds ``from __future__ import annotations``.
- Helper modules of the project (any module whose file lies under the
  rootdir, outside ``site-packages``), which pytest imports as Python
  does: the import hook's finder (:class:`fstring_backport.BackportFinder`)
  for that folder, placed right behind pytest's hook, gives them the
  hook's loader and its cache.
- Child processes: Pythons that the tests start get the import hook for
  the same folder (``FSTRING_BACKPORT_HOOK`` and the ``.pth`` file
  installed with fstring-backport, as ``COVERAGE_PROCESS_START`` reaches
  them for coverage.py).
- Doctest examples: while a doctest item runs, the ``doctest`` module
  compiles its examples with :func:`fstring_backport.integrations.compile.compile` (it
  calls the builtin ``compile`` by its global name).
- The statement shown around a failing line: pytest parses the file to
  find where that statement ends, which fails on 3.12 syntax; it then gets
  the transpiled text, which has the same lines.

Rewritten test modules are cached beside pytest's own pycs
(``<mod>.<cache_tag>-pytest-<version>.pyc``) under a name of their own,
``<mod>.<cache_tag>-pytest-<version>.fsbp-<our version>.pyc``, validated by
the source's hash as pytest 9 does (:func:`fstring_backport.hashed_pyc_header`):
a run without the plugin, or with another version of it or of pytest, never
reads them, and this plugin never reads pytest's.
"""

import os
import sys

# The lint environment does not install pytest (then its names are Any).
import pytest  # type: ignore[import-not-found, unused-ignore]

from .. import (
    ENVIRONMENT_VARIABLE,
    NEWEST_GRAMMAR,
    BackportFinder,
    bytecode_cache_path,
    hashed_pyc_header,
    hook_covers_locations,
    read_bytecode,
    write_bytecode,
)

TYPE_CHECKING = False  # typing is not loaded for this: the type checkers take it as true
if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec
    from types import CodeType, ModuleType
    from typing import Any, Callable, List, Optional, Sequence

_PACKAGE = __name__.partition(".")[0]


def pytest_addoption(parser: "pytest.Parser") -> None:
    help_text = (
        "run test modules, conftest.py files, the project's modules and doctests "
        "written with Python 3.12 f-strings and 3.14 t-strings (fstring-backport)"
    )
    parser.getgroup("fstring-backport").addoption(
        "--fstring-backport", action="store_true", default=False, dest="fstring_backport", help=help_text
    )
    parser.addini("fstring_backport", help_text + "; default false", type="bool", default=False)


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config: "pytest.Config") -> None:
    # Before the conftest.py files, which may hold 3.12 syntax themselves.
    # From 3.14 on f-strings and t-strings are native: the plugin is there
    # to name newer grammar, where there is some.
    if sys.version_info[:2] >= NEWEST_GRAMMAR or not _switched_on(early_config):
        return
    _Switch(early_config).on()


def _switched_on(config: "pytest.Config") -> bool:
    if getattr(config.known_args_namespace, "fstring_backport", False):
        return True
    try:
        if config.getini("fstring_backport"):
            return True
    except ValueError as error:  # not a truth value
        raise pytest.UsageError(f"fstring_backport setting: {error}") from None
    # Under ``run``, or started by a run with the plugin: the tests are
    # written for the new syntax as much as the code they test.
    return hook_covers_locations()


class _Unsupported(Exception):
    """What this plugin needs from pytest or doctest and did not find."""


class _Switch:
    """Everything the plugin changes for one pytest run, and its undoing."""

    def __init__(self, config: "pytest.Config") -> None:
        self.config = config

    def on(self) -> None:
        try:
            rewrite_hook = _assertion_rewriting_hook(self.config)
            statement_ranges = _statement_range_functions()
            doctest_item = _doctest_item_class()
        except _Unsupported as problem:
            raise pytest.UsageError(
                f"--fstring-backport does not support pytest {pytest.__version__} "
                f"on Python {sys.version.split()[0]}: {problem}"
            ) from None
        # Undone in reverse order when the run ends (pytest's own hook leaves
        # sys.meta_path then too).
        if rewrite_hook is not None:
            _RewritingLoader(rewrite_hook, self.config).attach()
        root = str(self.config.rootpath)
        finder = _ProjectFinder(root)
        finder.attach_behind(rewrite_hook)
        self.config.add_cleanup(finder.detach)
        self.config.add_cleanup(finder.cover_modules_loaded_by_path())
        _reach_child_processes(root, self.config)
        for module, original in statement_ranges:
            module.getstatementrange_ast = _statement_range(original)
            self.config.add_cleanup(_restorer(module, "getstatementrange_ast", original))
        self.config.pluginmanager.register(_Doctests(doctest_item), _PACKAGE + "-doctests")


def _internal(name: str) -> "Any":
    """A module of pytest's internals, which the plugin checks rather than
    trusts (and which the type checkers need not know)."""
    from importlib import import_module

    try:
        return import_module(name)
    except ImportError:
        raise _Unsupported(f"there is no {name}") from None


def _restorer(owner: object, name: str, value: object) -> "Callable[[], None]":
    return lambda: setattr(owner, name, value)


# -- test modules and conftest.py: pytest's assertion rewriting ------------------


def _assertion_rewriting_hook(config: "pytest.Config") -> "Any":
    """The import hook that rewrites this run's asserts; None under
    ``--assert=plain``.  Raises _Unsupported where it differs from what the
    plugin was written against (pytest 7 to 9)."""
    rewrite = _internal("_pytest.assertion.rewrite")
    hook_class = getattr(rewrite, "AssertionRewritingHook", None)
    if not isinstance(hook_class, type):
        raise _Unsupported("_pytest.assertion.rewrite has no AssertionRewritingHook")
    hooks = [finder for finder in sys.meta_path if isinstance(finder, hook_class)]
    hook = next((finder for finder in hooks if getattr(finder, "config", None) is config), None)
    if hook is None:
        return None  # asserts are not rewritten in this run
    _rewrite_asserts()  # checks its signature
    if not isinstance(getattr(hook, "_rewritten_names", None), dict):
        raise _Unsupported("AssertionRewritingHook has no _rewritten_names")
    if not callable(getattr(hook_class, "exec_module", None)):
        raise _Unsupported("AssertionRewritingHook has no exec_module")
    return hook


def _rewrite_asserts() -> "Callable[..., None]":
    from inspect import signature

    rewrite_asserts = getattr(_internal("_pytest.assertion.rewrite"), "rewrite_asserts", None)
    if not callable(rewrite_asserts):
        raise _Unsupported("_pytest.assertion.rewrite has no rewrite_asserts")
    parameters = list(signature(rewrite_asserts).parameters)
    if parameters[:4] != ["mod", "source", "module_path", "config"]:
        raise _Unsupported(f"rewrite_asserts takes ({', '.join(parameters)})")
    return rewrite_asserts


class _RewritingLoader:
    """Stands in for pytest's ``AssertionRewritingHook.exec_module`` on one
    hook: transpile, rewrite the asserts, compile, cache under our name."""

    def __init__(self, hook: "Any", config: "pytest.Config") -> None:
        self.hook = hook
        self.config = config
        self.cache_tag = "-pytest-" + pytest.__version__

    def attach(self) -> None:
        # An attribute of this instance, found before the class's method by
        # the import system (spec.loader.exec_module): other runs in the
        # same process (pytester) keep theirs.
        self.hook.exec_module = self.exec_module
        self.config.add_cleanup(self.detach)

    def detach(self) -> None:
        self.hook.__dict__.pop("exec_module", None)

    def exec_module(self, module: "ModuleType") -> None:
        if module.__name__.partition(".")[0] == _PACKAGE:
            # This tool's own modules (pytest rewrites the asserts of every
            # plugin's package): old syntax, and needed to transpile.
            return type(self.hook).exec_module(self.hook, module)
        spec = module.__spec__
        assert spec is not None and spec.origin is not None  # as pytest's own asserts
        path = spec.origin
        from pathlib import Path

        self.hook._rewritten_names[module.__name__] = Path(path)
        with open(path, "rb") as file:
            source = file.read()
        cache = bytecode_cache_path(path, self.cache_tag)
        header = hashed_pyc_header(source)
        code = read_bytecode(cache, header, filename=path) if cache is not None else None
        if code is None:
            code = self.transpiled_code(source, path)
            if cache is not None and not sys.dont_write_bytecode:
                write_bytecode(cache, header, code)
        elif sys.flags.verbose:
            print(f"# fstring-backport: code object from {cache}", file=sys.stderr)
        exec(code, module.__dict__)

    def transpiled_code(self, source: bytes, path: str) -> "CodeType":
        """As pytest's ``_rewrite_test``, on the transpiled source."""
        import ast

        from ..engine.errors import TranspileError
        from ..engine.pipeline import name_newer_grammar, transpile
        from ..hook.cold_path import future_annotations_for

        try:
            source = transpile(source, sys.version_info[:2], path, future_annotations=future_annotations_for(path))
        except TranspileError as error:
            raise error.builtin() from None  # as compiling the file on 3.15 would
        try:
            tree = ast.parse(source, filename=path)
        except SyntaxError as error:
            raise name_newer_grammar(error, source) from None
        _rewrite_asserts()(tree, source, path, self.config)
        return compile(tree, path, "exec", dont_inherit=True)


# -- the project's other modules, and child processes --------------------------


class _ProjectFinder(BackportFinder):
    """The import hook's finder for the modules under the rootdir that
    pytest's hook passes over (outside ``site-packages``), behind that hook
    so that the modules it rewrites stay its own; and for those that pytest
    8.3 asks for in its own way."""

    def __init__(self, root: str) -> None:
        super().__init__()
        self.folders = (os.path.join(root, ""),)

    def attach_behind(self, hook: object) -> None:
        super().attach(sys.meta_path.index(hook) + 1 if hook in sys.meta_path else 0)

    def detach(self) -> None:
        if self in sys.meta_path:
            sys.meta_path.remove(self)

    def spec_from_behind(
        self, fullname: str, path: "Optional[Sequence[str]]", target: "Optional[ModuleType]"
    ) -> "Optional[ModuleSpec]":
        spec = super().spec_from_behind(fullname, path, target)
        if spec is None and path is not None:
            spec = _asked_by_pytest_83(fullname, path)
        return spec


def _reach_child_processes(root: str, config: "pytest.Config") -> None:
    """Child Pythons that the tests start (``python -m mypkg``) get the
    import hook for the same folder, through ``FSTRING_BACKPORT_HOOK`` and
    the ``.pth`` file that installing fstring-backport puts in their
    ``site-packages``; a pytest among them switches this plugin on."""
    if "," in root:
        return  # the variable is a comma-separated list
    before = os.environ.get(ENVIRONMENT_VARIABLE)
    os.environ[ENVIRONMENT_VARIABLE] = before + "," + root if before else root

    def restore() -> None:
        if before is None:
            os.environ.pop(ENVIRONMENT_VARIABLE, None)
        else:
            os.environ[ENVIRONMENT_VARIABLE] = before

    config.add_cleanup(restore)


def _asked_by_pytest_83(fullname: str, path: "Sequence[str]") -> "Optional[ModuleSpec]":
    """The module ``a.b.c`` in ``path[0]/a/b``, where pytest 8.3's
    ``--import-mode=importlib`` looks for it: it asks each finder with the
    folder that holds ``a`` as the path, and when none answers loads the file
    itself, as Python would, not transpiled.  The import system asks for a
    submodule with its package's ``__path__``: then this finds nothing."""
    package, dot, _ = fullname.rpartition(".")
    if not dot or len(path) != 1 or list(getattr(sys.modules.get(package), "__path__", ())) == list(path):
        return None
    from importlib.machinery import PathFinder

    return PathFinder.find_spec(fullname, [os.path.join(path[0], *package.split("."))])


# -- doctests ----------------------------------------------------------------


def _doctest_item_class() -> type:
    import doctest

    item_class = getattr(_internal("_pytest.doctest"), "DoctestItem", None)
    if not isinstance(item_class, type):
        raise _Unsupported("_pytest.doctest has no DoctestItem")
    run = getattr(getattr(doctest.DocTestRunner, "_DocTestRunner__run", None), "__code__", None)
    if run is None or "compile" not in run.co_names:
        raise _Unsupported("doctest does not compile its examples with the builtin compile")
    return item_class


class _Doctests:
    """While a doctest item runs, doctest compiles with ours."""

    def __init__(self, item_class: type) -> None:
        self.item_class = item_class

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(self, item: "pytest.Item") -> "Any":
        if not isinstance(item, self.item_class):
            yield
            return
        import doctest

        from .compile import compile as compile_312

        missing = object()
        before = doctest.__dict__.get("compile", missing)
        doctest.compile = compile_312  # type: ignore[attr-defined]
        try:
            yield
        finally:
            if before is missing:
                del doctest.compile  # type: ignore[attr-defined]
            else:
                doctest.compile = before  # type: ignore[attr-defined]


# -- the statement around a failing line -------------------------------------


def _statement_range_functions() -> "List[Any]":
    """pytest's modules that call ``getstatementrange_ast`` by its global
    name, and the function each holds."""
    found = []
    for module in (_internal("_pytest._code.source"), _internal("_pytest._code.code")):
        original = getattr(module, "getstatementrange_ast", None)
        if not callable(original):
            raise _Unsupported(f"{module.__name__} has no getstatementrange_ast")
        found.append((module, original))
    return found


def _statement_range(original: "Callable[..., Any]") -> "Callable[..., Any]":
    def getstatementrange_ast(lineno: int, source: "Any", assertion: bool = False, astnode: "Any" = None) -> "Any":
        try:
            return original(lineno, source, assertion, astnode)
        except SyntaxError:
            if astnode is not None:
                raise
            text = str(source)
            from ..engine.errors import TranspileError
            from ..engine.pipeline import transpile

            try:
                lowered = transpile(text, sys.version_info[:2])
            except TranspileError:
                lowered = text
            if lowered == text:
                raise
            # The same lines, which the range is counted in.
            lowered_source = type(source)()
            lowered_source.lines = lowered.split("\n")
            return original(lineno, lowered_source, assertion, None)

    return getstatementrange_ast
