"""``python -m fstring_backport compileall DIR``: the import hook's cache, written ahead of time.

As ``python -m compileall`` does for Python's own cache: each ``.py`` file
under the folders given is transpiled and compiled for the running Python,
and its bytecode written where the hook looks for it
(``mod.cpython-38.fsbp-<version>.pyc``), by the hook's own loader.  A
read-only install, or a cold start, then transpiles nothing.  The cache is
for the interpreter and optimisation level that run the command: run it
with ``python -O`` for ``-O``.  ``future-annotations`` of the nearest
pyproject.toml applies as under the hook; a bad one is one line and exit
status 2.  Writing is on even under
``PYTHONDONTWRITEBYTECODE``, as for ``compileall``.
"""

import os
import re
import sys
from typing import Iterator, Pattern, Sequence

from .. import BackportSourceLoader, bytecode_cache_path, read_bytecode, stamped_pyc_header
from .cold_path import is_bad_setting


def compile_all(paths: Sequence[str], recurse: bool, force: bool, quiet: int, skip: "Pattern[str] | None") -> int:
    """Write the cache of each ``.py`` file of ``paths`` (under each folder,
    recursing if ``recurse``); the exit status: 0, or 1 if a file failed.
    ``force`` rewrites caches that are up to date; ``quiet`` 1 prints errors
    only, 2 not even those; files whose path ``skip`` matches are left out."""
    sys.dont_write_bytecode = False
    try:
        return _compile_all(paths, recurse, force, quiet, skip)
    except ImportError as exc:
        if not is_bad_setting(exc):
            raise
        # A bad future-annotations in a pyproject.toml: one line and exit
        # status 2, as for the command line.
        print(f"fstring-backport: {exc}", file=sys.stderr)
        return 2


def _compile_all(paths: Sequence[str], recurse: bool, force: bool, quiet: int, skip: "Pattern[str] | None") -> int:
    ok = True
    for path in paths:
        if os.path.isdir(path):
            if quiet < 1:
                print(f"Listing {path!r}...")
            files: Iterator[str] = _sources(path, recurse)
        elif os.path.isfile(path):
            files = iter([path])
        else:
            print(f"{path!r}: no such file or folder", file=sys.stderr)
            ok = False
            continue
        for source in files:
            if skip is not None and skip.search(source):
                continue
            ok = _write_cache(source, force, quiet) and ok
    return 0 if ok else 1


def _sources(folder: str, recurse: bool) -> Iterator[str]:
    for entry in sorted(os.scandir(folder), key=lambda entry: entry.name):
        if entry.is_dir():
            if recurse and entry.name != "__pycache__":
                yield from _sources(entry.path, recurse)
        elif entry.name.endswith(".py"):
            yield entry.path


def _write_cache(source: str, force: bool, quiet: int) -> bool:
    """Write ``source``'s cache through the hook's loader; False if it failed."""
    cache = bytecode_cache_path(source)
    if cache is None:
        print(f"*** {source!r}: this Python has no bytecode cache (sys.implementation.cache_tag)", file=sys.stderr)
        return False
    if force and os.path.exists(cache):
        os.unlink(cache)
    elif _fresh(source, cache):
        return True
    if quiet < 1:
        print(f"Compiling {source!r}...")
    loader = BackportSourceLoader(_module_name(source), source)
    try:
        loader.get_code(loader.name)
    except SyntaxError as exc:
        if quiet < 2:
            print(f"*** {exc.filename}:{exc.lineno}:{exc.offset}: {exc.msg}", file=sys.stderr)
        return False
    if not _fresh(source, cache):
        if quiet < 2:
            print(f"*** {source!r}: could not write {cache!r}", file=sys.stderr)
        return False
    return True


def _fresh(source: str, cache: str) -> bool:
    """Does ``cache`` hold bytecode for ``source`` as it is now, that the
    hook would read?"""
    try:
        stat = os.stat(source)
    except OSError:
        return False
    return read_bytecode(cache, stamped_pyc_header(stat.st_mtime, stat.st_size)) is not None


_NOT_AN_IDENTIFIER: Pattern[str] = re.compile(r"\W")


def _module_name(path: str) -> str:
    # Only for the loader's messages: the cache depends on the path alone.
    return _NOT_AN_IDENTIFIER.sub("_", os.path.splitext(os.path.basename(path))[0])
