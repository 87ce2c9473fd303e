"""The import hook's cold path: transpile a module's source, then compile it.

Kept out of the package's ``__init__``, which every warm start imports:
this module loads only when a module has no valid cached bytecode, or
lives in a zip archive (which has no cache).  So is the one setting the
hook reads, ``future-annotations`` of the nearest pyproject.toml: a warm
import reads the cached pyc, which was compiled with it, and nothing else.
"""

import os
import re
import sys
import zipimport
from _frozen_importlib_external import spec_from_file_location  # noqa: PLC2701

from .. import _INSTALLED_PACKAGES, NATIVE, BackportSourceLoader, _verbose
from ..engine.lexical import QUOTE_CHARACTERS, group, not_after, one_of, prefixes_with
from ..engine.prefilter_comprehension_unpacking import may_unpack_in_comprehension
from ..engine.prefilter_excepts import may_bracket_excepts_in_bytes
from ..engine.prefilter_for_iterables import may_star_for_iterables
from ..engine.prefilter_lazy_imports import may_import_lazily
from ..engine.prefilter_type_aliases import may_alias_types
from ..engine.targets import CURRENT_FSTRINGS

TYPE_CHECKING = False  # typing is not loaded for this: the type checkers take it as true
if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec
    from types import CodeType
    from typing import Any, Dict, Optional, Sequence, Union

# Byte patterns that every f-string starts with: an f-string prefix from its
# f on (f, fr in any case: rf' holds f'), then a quote.  A file holding none
# of them, and nothing _TSTRING_OR_TEMPLATELIB finds, is compiled as it is
# without loading the engine.  (The prefixes come from the engine's small
# lexical module, not the lexer.)
_FSTRING_OPENERS = tuple(
    sorted(
        {
            (prefix[prefix.lower().index("f") :] + quote).encode()
            for prefix in prefixes_with("f")
            for quote in QUOTE_CHARACTERS
        }
    )
)
# Where a t-string may start (a t-string prefix, then a quote), and a
# mention of templatelib, which the runtime's import must precede (it
# registers string.templatelib).  Not after a letter, digit, underscore,
# backslash or quote: not in "don't", "can't" or '\t'.  A t-string right
# after a quote is, in valid code, a t-string after a t-string, found there.
_TSTRING_OR_TEMPLATELIB = re.compile(
    (not_after(r"[0-9A-Za-z_\\'\"]") + group(*prefixes_with("t")) + one_of(QUOTE_CHARACTERS) + "|templatelib").encode()
)
# 3.12 and 3.13 read f-strings themselves: only t-strings are rewritten
# there, and on 3.12 the f-strings that 3.13 reads otherwise: a field that
# converts its value before a format spec with fields (FB202: a conversion,
# a spec's colon, a brace before any closing one), "{{" after a spec's
# field (FB108: a closing brace, then "{{" before any other brace).
_OLD_FSTRINGS = sys.version_info < NATIVE
_BEFORE_311 = sys.version_info < (3, 11)  # a[*b], *args: *Ts
_BEFORE_310 = sys.version_info < (3, 10)  # ":=" directly in a set or a subscript
_BEFORE_39 = sys.version_info < (3, 9)  # parenthesized context managers, "for x in *a:", "@a[0]"
_READ_OTHERWISE_BY_312 = (
    re.compile(rb"![rsa][ \t\f\r\n\\]*:[^}]*{|}[^{}]*{{") if sys.version_info < CURRENT_FSTRINGS else None
)


def _may_need_rewriting(source: bytes) -> bool:
    if (_OLD_FSTRINGS or (_READ_OTHERWISE_BY_312 is not None and _READ_OTHERWISE_BY_312.search(source))) and any(
        opener in source for opener in _FSTRING_OPENERS
    ):
        return True
    if _TSTRING_OR_TEMPLATELIB.search(source) is not None:
        return True
    # except A, B: (3.14), lazy imports and unpacking in comprehensions
    # (3.15), type statements (3.12), starred subscripts and annotations
    # (3.11), ":=" in a set or a subscript (3.9,
    # 3.10), parenthesized context managers and starred items after
    # "for ... in" and decorators that are any expression (3.9), by the
    # quick check's own tests.
    if may_bracket_excepts_in_bytes(source) or may_import_lazily(source) or may_unpack_in_comprehension(source):
        return True
    if _OLD_FSTRINGS and may_alias_types(source):
        return True
    if _BEFORE_311:
        from ..engine.prefilter_constructs import may_star_in_subscripts  # its pattern: 3 ms to build

        if may_star_in_subscripts(source):
            return True
    if _BEFORE_310:
        from ..engine.prefilter_constructs import may_walrus_unbracketed

        if may_walrus_unbracketed(source):
            return True
    if _BEFORE_39:
        from ..engine.prefilter_constructs import (  # their patterns: 3 ms to build
            may_parenthesize_with_items,
            may_relax_decorators,
        )

        return may_parenthesize_with_items(source) or may_star_for_iterables(source) or may_relax_decorators(source)
    return False


def compile_source(source: bytes, path: str, optimize: int = -1) -> "CodeType":
    """Transpile ``source`` when it may need it, then compile it as Python
    would; with ``from __future__ import annotations`` added where
    ``future-annotations`` is on for ``path`` (:func:`future_annotations_for`).
    """
    try:
        future_annotations = future_annotations_for(path)
    except ImportError as error:
        if not is_bad_setting(error):
            raise
        # Raised from this frame, as an error compiling the module: the
        # loader shows it without this tool's frames.
        raise error.with_traceback(None) from None
    if future_annotations or _may_need_rewriting(source):
        from ..engine.errors import TranspileError
        from ..engine.pipeline import transpile

        try:
            source = transpile(source, sys.version_info[:2], path, future_annotations=future_annotations)
        except TranspileError as error:
            # A plain SyntaxError, as compiling the file on 3.12 would raise.
            plain = SyntaxError(error.msg, (path, error.lineno, error.offset, error.text))
            plain.end_lineno, plain.end_offset = error.end_lineno, error.end_offset
            raise plain from None
        _verbose("transpiled {}", path)
    try:
        return compile(source, path, "exec", dont_inherit=True, optimize=optimize)
    except SyntaxError as error:
        from ..engine.pipeline import name_newer_grammar

        raise name_newer_grammar(error, source) from None


# -- future-annotations ----------------------------------------------------------
# Looked up once per folder and read once per pyproject.toml in a process.
_PYPROJECT_OF_FOLDER: "Dict[str, Optional[str]]" = {}  # None: no pyproject.toml applies
# The setting of each pyproject.toml read; a message where it is bad.
_FUTURE_ANNOTATIONS: "Dict[str, Union[bool, str]]" = {}
_KEY = b"future-annotations"


def future_annotations_for(path: str) -> bool:
    """Whether ``[tool.fstring-backport] future-annotations`` is on for the
    module at ``path``: that of the nearest pyproject.toml in its folder or
    a folder above, as for the command line, but never in or above a
    ``site-packages`` folder (an installed package ships none, and that of
    a project around its virtual environment is not the package's); off
    for a module in a zip archive.  A bad setting raises ImportError, whose
    message names the file, the key and the value, and whose ``path`` is
    the pyproject.toml (:func:`is_bad_setting`)."""
    folder = os.path.dirname(path)
    if not os.path.isabs(folder):  # the hook's paths are absolute: no normpath for them (slow on 3.8)
        folder = os.path.abspath(folder)
    pyproject = _nearest_pyproject(folder)
    if pyproject is None:
        return False
    setting = _FUTURE_ANNOTATIONS.get(pyproject)
    if setting is None:
        setting = _FUTURE_ANNOTATIONS[pyproject] = _read_future_annotations(pyproject)
    if isinstance(setting, str):
        raise ImportError(f"{setting} (read by fstring-backport's import hook for {path})", path=pyproject)
    return setting


def is_bad_setting(error: BaseException) -> bool:
    """Whether ``error`` is :func:`future_annotations_for`'s, for a bad setting."""
    return isinstance(error, ImportError) and os.path.basename(error.path or "") == "pyproject.toml"


def _nearest_pyproject(folder: str) -> "Optional[str]":
    """The pyproject.toml that applies to the modules of ``folder``; None if none does."""
    if folder in _PYPROJECT_OF_FOLDER:
        return _PYPROJECT_OF_FOLDER[folder]
    seen = [folder]
    found: Optional[str] = None
    # Where the command line looks: from the folder's real path up.
    current = os.path.realpath(folder) if os.path.isdir(folder) else ""  # "": in a zip archive
    while current:
        if current in _PYPROJECT_OF_FOLDER:
            found = _PYPROJECT_OF_FOLDER[current]
            break
        seen.append(current)
        if os.path.basename(current) in _INSTALLED_PACKAGES:
            break
        candidate = os.path.join(current, "pyproject.toml")
        if os.path.isfile(candidate):
            found = candidate
            break
        parent = os.path.dirname(current)
        current = "" if parent == current else parent
    for each in seen:
        _PYPROJECT_OF_FOLDER[each] = found
    return found


def _read_future_annotations(pyproject: str) -> "Union[bool, str]":
    """The setting in ``pyproject``, or the message saying why it is bad."""
    try:
        with open(pyproject, "rb") as file:
            data = file.read()
    except OSError:
        return False  # as if it were not there, as Python itself ignores it
    if _KEY not in data:
        # Most pyproject.toml files: no TOML parser loaded.  (Only a quoted
        # key spelled with escapes, "future\u002dannotations", would hide.)
        return False
    from pathlib import Path

    from ..project.settings import future_annotations_setting

    try:
        return future_annotations_setting(Path(pyproject))
    except ValueError as error:
        return str(error)


# -- zip archives ------------------------------------------------------------------


class BackportZipLoader:
    """Transpiles a ``.py`` module found in a zip archive; no cache there."""

    def __init__(self, zip_loader: zipimport.zipimporter, path: str) -> None:
        self._zip = zip_loader
        self._path = path

    def __getattr__(self, name: str) -> "Any":
        # is_package, get_source, get_data, get_resource_reader, ...
        return getattr(self._zip, name)

    def get_filename(self, fullname: str) -> str:
        # zipimporter's own get_filename compiles the module to answer.
        return self._path

    def create_module(self, spec: "ModuleSpec") -> None:
        return None  # the default module object

    # Runs the module as importlib does, without this tool's frames in the
    # traceback of a module that fails to compile or to run.
    exec_module = BackportSourceLoader.exec_module

    def get_code(self, fullname: str) -> "CodeType":
        return compile_source(self._zip.get_data(self._path), self._path)


def spec_from_an_archive(fullname: str, path: "Sequence[str] | None") -> "ModuleSpec | None":
    """A spec for a ``.py`` module in a zip archive that zipimport could not
    name (it compiles the module to do so): the archive is the first entry
    of the path that holds the module."""
    for entry in sys.path if path is None else path:
        importer = sys.path_importer_cache.get(entry)
        if not isinstance(importer, zipimport.zipimporter):
            continue
        try:
            is_package = importer.is_package(fullname)
        except zipimport.ZipImportError:
            continue
        name = fullname.rpartition(".")[2]
        inner = importer.prefix + name + ("/__init__.py" if is_package else ".py")
        origin = os.path.join(importer.archive, inner.replace("/", os.sep))
        return spec_from_file_location(
            fullname,
            origin,
            loader=BackportZipLoader(importer, origin),
            submodule_search_locations=[] if is_package else None,
        )
    return None
