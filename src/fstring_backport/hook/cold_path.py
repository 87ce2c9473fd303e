"""The import hook's cold path: transpile a module's source, then compile it.

Kept out of the package's ``__init__``, which every warm start imports:
this module loads only when a module has no valid cached bytecode, or
lives in a zip archive (which has no cache).
"""

import os
import re
import sys
import zipimport
from _frozen_importlib_external import spec_from_file_location  # noqa: PLC2701

from .. import NATIVE, BackportSourceLoader, _verbose

TYPE_CHECKING = False  # typing is not loaded for this: the type checkers take it as true
if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec
    from types import CodeType
    from typing import Any, Sequence

# Byte patterns that every f-string starts with: a prefix ending in f or F
# right before a quote, or f/F then r/R.  A file holding none of them, and
# nothing _TSTRING_OR_TEMPLATELIB finds, is compiled as it is without
# loading the engine.
_FSTRING_OPENERS = tuple(
    (prefix + quote).encode()
    for prefix in ("f", "F", "fr", "fR", "Fr", "FR")
    for quote in ("'", '"')
)
# Where a t-string may start (t, tr or rt in either case, then a quote), and
# a mention of templatelib, which the runtime's import must precede (it
# registers string.templatelib).  Not after a letter, digit, underscore,
# backslash or quote: not in "don't", "can't" or '\t'.  A t-string right
# after a quote is, in valid code, a t-string after a t-string, found there.
_TSTRING_OR_TEMPLATELIB = re.compile(rb"(?<![0-9A-Za-z_\\'\"])(?:[tT][rR]?|[rR][tT])['\"]|templatelib")
# 3.12 and 3.13 read f-strings themselves: only t-strings are rewritten there.
_OLD_FSTRINGS = sys.version_info < NATIVE


def _may_need_transpiling(source: bytes) -> bool:
    if _OLD_FSTRINGS and any(opener in source for opener in _FSTRING_OPENERS):
        return True
    return _TSTRING_OR_TEMPLATELIB.search(source) is not None


def compile_source(source: bytes, path: str, optimize: int = -1) -> "CodeType":
    """Transpile ``source`` when it may need it, then compile it as Python would."""
    if _may_need_transpiling(source):
        from ..engine.errors import TranspileError
        from ..engine.pipeline import transpile

        try:
            source = transpile(source, sys.version_info[:2], path)
        except TranspileError as error:
            # A plain SyntaxError, as compiling the file on 3.12 would raise.
            plain = SyntaxError(error.msg, (path, error.lineno, error.offset, error.text))
            plain.end_lineno, plain.end_offset = error.end_lineno, error.end_offset
            raise plain from None
        _verbose("transpiled {}", path)
    return compile(source, path, "exec", dont_inherit=True, optimize=optimize)


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
