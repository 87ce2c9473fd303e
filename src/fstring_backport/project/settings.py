"""A project's settings: ``[tool.fstring-backport]`` and ``requires-python``
of its pyproject.toml, checked so that a bad one is one clear line."""

from __future__ import annotations  # annotations unevaluated: a quicker start-up

import os
import re
import sys
from typing import TYPE_CHECKING, Sequence

# pathlib is imported where a Path is made: a build hook makes none (in
# one, importing it was a tenth of the wrapper backend's work).
if TYPE_CHECKING:
    from os import PathLike
    from pathlib import Path

from ..engine.rules import BY_CODE
from ..engine.targets import OLDEST, SUPPORTED, parse_target
from .wording import one_line


class Settings:
    """``[tool.fstring-backport]`` and ``requires-python`` of one pyproject.toml.

    ``root`` is the folder of ``pyproject`` (else the current folder): the
    ``include``, ``exclude`` and ``extend_exclude`` patterns are anchored
    there.  ``target_origin`` says where ``target`` came from, for ``-v``.
    """

    def __init__(
        self,
        target: str | None = None,
        include: Sequence[str] = (),
        exclude: Sequence[str] = (),
        inline_constants: bool = False,
        extend_exclude: Sequence[str] = (),
        force_exclude: bool = False,
        pyproject: str | PathLike[str] | None = None,
        root: str | PathLike[str] | None = None,
        target_origin: str = "the default",
        future_annotations: bool = False,
        build_backend: str | None = None,
        backend_path: Sequence[str] = (),
        ignore: Sequence[str] = (),
    ) -> None:
        self.target = target
        self.include: Sequence[str] = tuple(include)
        self.exclude: Sequence[str] = tuple(exclude)
        self.inline_constants = inline_constants
        self.extend_exclude: Sequence[str] = tuple(extend_exclude)
        self.force_exclude = force_exclude
        self.pyproject = pyproject
        if root is None:
            root = os.path.dirname(os.fspath(pyproject)) if pyproject is not None else os.getcwd()
        self._root: str | PathLike[str] = root
        self.target_origin = target_origin
        self.future_annotations = future_annotations
        # The backend the wrapper backend (fstring_backport.build) builds with.
        self.build_backend = build_backend
        self.backend_path: Sequence[str] = tuple(backend_path)
        # Rule codes accepted knowingly: not reported, and a build ships
        # what they name (as ruff's ignore).
        self.ignore: Sequence[str] = tuple(ignore)

    @property
    def root(self) -> Path:
        """The folder patterns are anchored at."""
        from pathlib import Path  # here: see the top of the module

        if not isinstance(self._root, Path):
            self._root = Path(self._root)
        return self._root

    @property
    def root_folder(self) -> str:
        """The folder patterns are anchored at, absolute, as a string."""
        return os.path.abspath(self._root)


def find_pyproject(start: Path) -> Path | None:
    """The nearest pyproject.toml in ``start`` or a folder above it."""
    folder = start if start.is_dir() else start.parent
    for candidate in [folder.resolve()] + list(folder.resolve().parents):
        path = candidate / "pyproject.toml"
        if path.is_file():
            return path
    return None


def load_settings(pyproject: str | PathLike[str] | None) -> Settings:
    """The settings of ``pyproject``; a bad one raises ValueError in one line
    naming the file, the key, the value and what is allowed."""
    if pyproject is None:
        return Settings()
    data = _read(pyproject)
    own = _own_table(data, pyproject)
    project = _table(data, "project", "[project]", pyproject)
    where = relative_to_cwd(pyproject)
    requires_python = project.get("requires-python", "")
    if not isinstance(requires_python, str):
        raise ValueError(
            f"{pyproject}: [project] requires-python must be a string such as '>=3.8', not {requires_python!r}"
        )
    target = own.get("target")
    origin = "the default"
    if target is not None:
        try:
            if not isinstance(target, str):
                raise TypeError
            parse_target(target)
        except (TypeError, ValueError):
            raise ValueError(
                f"{pyproject}: [tool.fstring-backport] target must be a version in quotes, 3.8 or later "
                f"(such as \"3.8\" or \"py38\"), not {target!r}"
            ) from None
        origin = f'target "{target}" in {where}'
    else:
        target = target_of_requires_python(requires_python, f"{pyproject}: [project] requires-python", SET_TARGET)
        if target is not None:
            origin = f'requires-python "{requires_python}" in {where}'
    flags = {key: _flag(own, key, pyproject) for key in ("inline-constants", "force-exclude", "future-annotations")}
    patterns = {}
    for key in ("include", "exclude", "extend-exclude"):
        value = own.get(key, [])
        if not (isinstance(value, list) and all(isinstance(p, str) for p in value)):
            raise ValueError(
                f"{pyproject}: [tool.fstring-backport] {key} must be a list of glob patterns in quotes "
                f"(such as [\"pkg/*\"]), not {value!r}"
            )
        patterns[key] = value
    build_backend = own.get("build-backend")
    if build_backend is not None and not (isinstance(build_backend, str) and _OBJECT_REFERENCE.match(build_backend)):
        raise ValueError(
            f"{pyproject}: [tool.fstring-backport] build-backend must name a build backend in quotes, "
            f"as [build-system] build-backend does (such as \"uv_build\" or \"flit_core.buildapi\"), "
            f"not {build_backend!r}"
        )
    backend_path = own.get("backend-path", [])
    if not (isinstance(backend_path, list) and all(isinstance(p, str) for p in backend_path)):
        raise ValueError(
            f"{pyproject}: [tool.fstring-backport] backend-path must be a list of folders in quotes, "
            f"relative to the project (such as [\"_build\"]), not {backend_path!r}"
        )
    return Settings(
        target,
        patterns["include"],
        patterns["exclude"],
        flags["inline-constants"],
        extend_exclude=patterns["extend-exclude"],
        force_exclude=flags["force-exclude"],
        pyproject=pyproject,
        root=os.path.dirname(os.path.abspath(pyproject)),
        target_origin=origin,
        future_annotations=flags["future-annotations"],
        build_backend=build_backend,
        backend_path=backend_path,
        ignore=_ignore(own, pyproject),
    )


def _ignore(own: dict, pyproject: str | PathLike[str]) -> list[str]:
    """``ignore``: rule codes, each one a rule's."""
    ignore = own.get("ignore", [])
    if not (isinstance(ignore, list) and all(isinstance(code, str) and code in BY_CODE for code in ignore)):
        raise ValueError(
            f"{pyproject}: [tool.fstring-backport] ignore must be a list of rule codes in quotes "
            f"(such as [\"FB407\"]; docs/rules.md lists them), not {ignore!r}"
        )
    return ignore


# PEP 517's object reference: a module's dotted name, then optionally
# ``:`` and an object's dotted name in it.
_OBJECT_REFERENCE = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*(?::[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)?\Z")


def future_annotations_setting(pyproject: str | PathLike[str]) -> bool:
    """``[tool.fstring-backport] future-annotations`` of ``pyproject``, and
    nothing else: the one setting the import hook reads (the others are the
    command line's and the build's).  A bad one raises ValueError as
    :func:`load_settings` does."""
    return _flag(_own_table(_read(pyproject), pyproject), "future-annotations", pyproject)


def _read(pyproject: str | PathLike[str]) -> dict:
    try:
        return read_toml(pyproject)
    except ValueError as exc:  # TOMLDecodeError, or bytes that are not UTF-8
        raise ValueError(f"{pyproject}: not valid TOML: {one_line(exc)}") from None


def _own_table(data: dict, pyproject: str | PathLike[str]) -> dict:
    """``[tool.fstring-backport]``; empty when there is none."""
    tool = _table(data, "tool", "[tool]", pyproject)
    return _table(tool, "fstring-backport", "[tool.fstring-backport]", pyproject)


def _flag(own: dict, key: str, pyproject: str | PathLike[str]) -> bool:
    value = own.get(key, False)
    if not isinstance(value, bool):
        raise ValueError(f"{pyproject}: [tool.fstring-backport] {key} must be true or false, not {value!r}")
    return value


def relative_to_cwd(path: str | PathLike[str]) -> str:
    """``path`` relative to the current folder when inside it, as messages show it."""
    absolute = os.path.abspath(path)
    relative = relative_within(absolute, os.getcwd())
    return absolute if relative is None else relative


def relative_within(path: str, folder: str) -> str | None:
    """``path`` relative to ``folder`` (both absolute); None when it lies outside."""
    if path == folder:
        return os.curdir
    if not path.startswith(os.path.join(folder, "")):
        return None
    return os.path.relpath(path, folder)


def _table(data: dict, key: str, name: str, pyproject: str | PathLike[str]) -> dict:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise ValueError(f"{pyproject}: {name} must be a table, not {value!r}")
    return value


def read_toml(path: str | PathLike[str]) -> dict:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - exercised on 3.8-3.10
        import tomli as tomllib
    with open(path, "rb") as handle:
        return tomllib.load(handle)


# What a requires-python that allows a Python before OLDEST is told to do,
# where the project's settings are read.
SET_TARGET = 'set [tool.fstring-backport] target = "{}.{}"'.format(*OLDEST)


def target_of_requires_python(requires_python: str, declared_as: str, remedy: str) -> str | None:
    """The target that ``requires_python`` gives, its lower bound (``"3.9"``);
    None when it has none.  A bound before the oldest target raises
    ValueError: ``{declared_as} '>=3.7' allows Python 3.7, and ...:
    {remedy} to write for 3.8``."""
    bound = lower_bound(requires_python)
    if bound is not None and tuple(int(part) for part in bound.split(".")) < OLDEST:
        raise ValueError(
            "{} {!r} allows Python {}, and {}: {} to write for {}.{}".format(
                declared_as, requires_python, bound, SUPPORTED, remedy, *OLDEST
            )
        )
    return bound


def lower_bound(requires_python: str) -> str | None:
    """``">=3.9, <4"`` -> ``"3.9"``; None when there is no lower bound.

    A regex, not packaging.specifiers: packaging is no dependency of the
    command line (build frontends have it, a user's environment need not),
    and it would answer otherwise where this has always said "no bound"
    (``>=3`` and ``>=2.7`` give 3.0 and 2.7 there, an error here).
    """
    match = re.search(r"(?:>=|==|~=|>)\s*(3)\.(\d+)", requires_python)
    return f"{match.group(1)}.{match.group(2)}" if match else None
