"""Files for the command line: which to read, the project's settings, safe writes."""

import fnmatch
import os
import re
import stat
import sys
import tempfile
from pathlib import Path
from typing import Iterator, List, Optional, Sequence, Tuple

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.8-3.10
    import tomli as tomllib

SKIPPED_DIRS = frozenset(
    (".git", ".hg", ".tox", ".nox", ".venv", "venv", "build", "dist", "__pycache__", "site-packages")
)
SOURCE_SUFFIXES = (".py", ".pyi")


class Settings:
    """``[tool.fstring-backport]`` and ``requires-python`` of a pyproject.toml."""

    def __init__(self, target: Optional[str] = None, include=(), exclude=()) -> None:
        self.target = target
        self.include: Sequence[str] = tuple(include)
        self.exclude: Sequence[str] = tuple(exclude)


def find_pyproject(start: Path) -> Optional[Path]:
    """The nearest pyproject.toml in ``start`` or a folder above it."""
    folder = start if start.is_dir() else start.parent
    for candidate in [folder.resolve()] + list(folder.resolve().parents):
        path = candidate / "pyproject.toml"
        if path.is_file():
            return path
    return None


def load_settings(pyproject: Optional[Path]) -> Settings:
    if pyproject is None:
        return Settings()
    with pyproject.open("rb") as handle:
        data = tomllib.load(handle)
    own = data.get("tool", {}).get("fstring-backport", {})
    target = own.get("target")
    if target is None:
        target = lower_bound(data.get("project", {}).get("requires-python", ""))
    return Settings(target, own.get("include", ()), own.get("exclude", ()))


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


def walk(paths: Sequence[Path], settings: Settings, everything: bool = False) -> Iterator[Tuple[Path, Path]]:
    """(file, its path relative to the argument it came from), sorted.

    Sources (``.py``, ``.pyi``) only, unless ``everything``; folders such as
    ``.git`` and ``build`` are skipped, and so is what ``exclude`` names.
    """
    for root in paths:
        if root.is_file():
            yield root, Path(root.name)
            continue
        found: List[Tuple[Path, Path]] = []
        for folder, dirs, files in os.walk(str(root)):
            dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS)
            for name in files:
                path = Path(folder) / name
                relative = path.relative_to(root)
                text = relative.as_posix()
                if is_excluded(text, settings):
                    continue
                if everything or is_selected_source(text, settings):
                    found.append((path, relative))
        yield from sorted(found)


def write_atomically(
    path: Path, data: bytes, mode_from: Optional[Path] = None, durable: bool = True
) -> None:
    """Replace ``path`` with ``data`` in one step: readers see old or new, never half.

    The file keeps its permission bits (or takes those of ``mode_from``).
    ``durable`` also waits for the disk (fsync) before the rename, so that
    even a system crash leaves old or new: for sources rewritten in place.
    """
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

