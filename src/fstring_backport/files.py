"""Files for the command line: which to read, the project's settings, safe writes."""

import fnmatch
import os
import re
import stat
import sys
from pathlib import Path
from typing import Iterator, List, Optional, Sequence, Tuple

from .targets import OLDEST, parse_target

SKIPPED_DIRS = frozenset(
    (".git", ".hg", ".tox", ".nox", ".venv", "venv", "build", "dist", "__pycache__", "site-packages")
)
SOURCE_SUFFIXES = (".py", ".pyi")


class Settings:
    """``[tool.fstring-backport]`` and ``requires-python`` of a pyproject.toml."""

    def __init__(self, target: Optional[str] = None, include=(), exclude=(), inline_constants: bool = False) -> None:
        self.target = target
        self.include: Sequence[str] = tuple(include)
        self.exclude: Sequence[str] = tuple(exclude)
        self.inline_constants = inline_constants


def find_pyproject(start: Path) -> Optional[Path]:
    """The nearest pyproject.toml in ``start`` or a folder above it."""
    folder = start if start.is_dir() else start.parent
    for candidate in [folder.resolve()] + list(folder.resolve().parents):
        path = candidate / "pyproject.toml"
        if path.is_file():
            return path
    return None


def load_settings(pyproject: Optional[Path]) -> Settings:
    """The settings of ``pyproject``; a bad one raises ValueError in one line
    naming the file, the key, the value and what is allowed."""
    if pyproject is None:
        return Settings()
    try:
        data = read_toml(pyproject)
    except ValueError as exc:  # TOMLDecodeError, or bytes that are not UTF-8
        raise ValueError("{}: not valid TOML: {}".format(pyproject, _one_line(exc))) from None
    tool = _table(data, "tool", "[tool]", pyproject)
    own = _table(tool, "fstring-backport", "[tool.fstring-backport]", pyproject)
    project = _table(data, "project", "[project]", pyproject)
    requires_python = project.get("requires-python", "")
    if not isinstance(requires_python, str):
        raise ValueError(
            "{}: [project] requires-python must be a string such as '>=3.8', not {!r}".format(
                pyproject, requires_python
            )
        )
    target = own.get("target")
    if target is not None:
        try:
            if not isinstance(target, str):
                raise TypeError
            parse_target(target)
        except (TypeError, ValueError):
            raise ValueError(
                "{}: [tool.fstring-backport] target must be a version in quotes, 3.8 or later "
                "(such as \"3.8\" or \"py38\"), not {!r}".format(pyproject, target)
            ) from None
    else:
        target = lower_bound(requires_python)
        if target is not None and tuple(int(part) for part in target.split(".")) < OLDEST:
            raise ValueError(
                "{}: [project] requires-python {!r} allows Python {}, and fstring-backport targets 3.8 "
                "and later: set [tool.fstring-backport] target = \"3.8\" to write for 3.8".format(
                    pyproject, requires_python, target
                )
            )
    inline_constants = own.get("inline-constants", False)
    if not isinstance(inline_constants, bool):
        raise ValueError(
            "{}: [tool.fstring-backport] inline-constants must be true or false, not {!r}".format(
                pyproject, inline_constants
            )
        )
    patterns = {}
    for key in ("include", "exclude"):
        value = own.get(key, [])
        if not (isinstance(value, list) and all(isinstance(p, str) for p in value)):
            raise ValueError(
                "{}: [tool.fstring-backport] {} must be a list of glob patterns in quotes "
                "(such as [\"pkg/*\"]), not {!r}".format(pyproject, key, value)
            )
        patterns[key] = value
    return Settings(target, patterns["include"], patterns["exclude"], inline_constants)


def _table(data: dict, key: str, name: str, pyproject: Path) -> dict:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise ValueError("{}: {} must be a table, not {!r}".format(pyproject, name, value))
    return value


def _one_line(exc: Exception) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


def read_toml(path: Path) -> dict:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - exercised on 3.8-3.10
        import tomli as tomllib
    with path.open("rb") as handle:
        return tomllib.load(handle)


def lower_bound(requires_python: str) -> Optional[str]:
    """``">=3.9, <4"`` -> ``"3.9"``; None when there is no lower bound."""
    match = re.search(r"(?:>=|==|~=|>)\s*(3)\.(\d+)", requires_python)
    return "{}.{}".format(match.group(1), match.group(2)) if match else None


def _matches(relative: str, patterns: Sequence[str]) -> bool:
    return any(fnmatch.fnmatch(relative, p) or fnmatch.fnmatch(relative, p.rstrip("/") + "/*") for p in patterns)


def is_excluded(relative: str, settings: Settings) -> bool:
    """Whether ``exclude`` names ``relative`` (a ``/``-separated path)."""
    return bool(settings.exclude) and _matches(relative, settings.exclude)


def is_selected_source(relative: str, settings: Settings) -> bool:
    """Whether ``relative`` is a source file that ``include``/``exclude`` select."""
    if not relative.endswith(SOURCE_SUFFIXES) or is_excluded(relative, settings):
        return False
    return not settings.include or _matches(relative, settings.include)


def walk(
    paths: Sequence[Path], settings: Settings, everything: bool = False, skip: Optional[str] = None
) -> Iterator[Tuple[Path, Path]]:
    """(file, its path relative to the argument it came from), sorted.

    Sources (``.py``, ``.pyi``) only, unless ``everything``; folders such as
    ``.git`` and ``build`` are skipped, and so is what ``exclude`` names, and
    the folder ``skip`` (the output of ``-o``) wherever it lies under a path.
    """
    for name, relative in walk_names([str(p) for p in paths], settings, everything, skip):
        yield Path(name), Path(relative)


def walk_names(
    paths: Sequence[str], settings: Settings, everything: bool = False, skip: Optional[str] = None
) -> Iterator[Tuple[str, str]]:
    """:func:`walk` in strings (``/``-separated relative paths): the command
    line sends them to its workers as they are."""
    skipped = os.path.realpath(skip) if skip is not None else None
    skipped_name = os.path.basename(skipped) if skipped is not None else None
    for root in paths:
        if os.path.isfile(root):
            yield root, os.path.basename(root)
            continue
        found: List[Tuple[List[str], str, str]] = []
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(
                d
                for d in dirs
                if d not in SKIPPED_DIRS
                # Not the output folder: a second run would read it back in.
                and not (d == skipped_name and os.path.realpath(os.path.join(folder, d)) == skipped)
            )
            base = os.path.relpath(folder, root).replace(os.sep, "/") + "/"
            if base == "./":
                base = ""
            for name in files:
                relative = base + name
                if is_excluded(relative, settings):
                    continue
                if everything or is_selected_source(relative, settings):
                    found.append((relative.split("/"), relative, os.path.join(folder, name)))
        found.sort()  # by parts, as paths sort
        for _, relative, path in found:
            yield path, relative


def write_atomically(
    path: Path, data: bytes, mode_from: Optional[Path] = None, durable: bool = True
) -> None:
    """Replace ``path`` with ``data`` in one step: readers see old or new, never half.

    The file keeps its permission bits (or takes those of ``mode_from``).
    ``durable`` also waits for the disk (fsync) before the rename, so that
    even a system crash leaves old or new: for sources rewritten in place.
    """
    import tempfile  # not at start-up: most runs write nothing

    path.parent.mkdir(parents=True, exist_ok=True)
    source_of_mode = mode_from if mode_from is not None else path
    handle, temporary = tempfile.mkstemp(dir=str(path.parent), prefix="." + path.name + ".", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            if durable:
                out.flush()
                os.fsync(out.fileno())
        if source_of_mode.exists():
            os.chmod(temporary, stat.S_IMODE(source_of_mode.stat().st_mode))
        os.replace(temporary, str(path))
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise

