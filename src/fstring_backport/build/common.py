"""What the build steps share (the hatchling hook, the setuptools step, the
wrapper backend and the wheel rewriter): the target, which files to
transpile, how a failure reads, the copy of the t-string runtime a wheel
ships, and the ``.pth`` of editable installs.

Imports no build backend: each integration module imports its own, so none
becomes a dependency of fstring-backport.
"""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING, Container, Iterable

from ..engine.errors import TranspileError
from ..engine.pipeline import transpile
from ..engine.rules import NEWEST_GRAMMAR
from ..engine.targets import OLDEST, parse_target
from ..project.runtime_copies import Runtime, taken
from ..project.selection import SOURCE_SUFFIXES, is_selected_source
from ..project.settings import Settings, load_settings, lower_bound, relative_within
from ..project.wording import counted

if TYPE_CHECKING:
    from os import PathLike
    from pathlib import Path

# The distribution name, as the editable-install dependency names it.
PROJECT_NAME = "fstring-backport"
# Where an editable install needs the import hook: below 3.15, for lazy
# imports (below 3.14 for t-strings too, below 3.12 for f-strings).
EDITABLE_HOOK_BELOW = NEWEST_GRAMMAR


class BuildError(Exception):
    """Sources that cannot be shipped; the message has one
    ``path:line:col: message`` line per problem, and what to do about
    newer grammar left in them (:data:`UNSHIPPABLE_ADVICE`), if any."""

    def __init__(self, located: list[str], advice: str = "") -> None:
        self.located = located
        self.advice = advice
        super().__init__(
            "fstring-backport: {} in the sources, nothing was built:\n{}{}".format(
                counted(len(located), "problem"), "\n".join(located), "\n" + advice if advice else ""
            )
        )


# What a build that would ship grammar its target rejects says to do.
UNSHIPPABLE_ADVICE = (
    "fstring-backport does not lower these, and the target rejects them: raise requires-python to the Python "
    "named, write them the older way or lower them with another tool first (see the documentation's page "
    "'Newer grammar'), or ship them knowingly with [tool.fstring-backport] ignore = [\"FBnnn\", ...]"
)


class BuildStep:
    """The settings of one project's build: its target and selection."""

    def __init__(
        self,
        project_root: str | PathLike[str],
        target: str | None = None,
        requires_python: str = "",
        inline_constants: bool | None = None,
        future_annotations: bool | None = None,
        settings: Settings | None = None,
    ) -> None:
        """``target`` (from the build backend's own configuration) wins over
        ``[tool.fstring-backport] target``, which wins over the lower bound of
        ``requires-python`` (of pyproject.toml, else ``requires_python``);
        the default is 3.8.  ``inline_constants`` and ``future_annotations``
        (the backend's own options) win over ``[tool.fstring-backport]
        inline-constants`` and ``future-annotations``.  ``settings`` stand for
        those of the project's pyproject.toml (a wheel rewritten without its
        project has none).

        A bad setting raises ValueError, in one line."""
        pyproject = os.path.join(project_root, "pyproject.toml")
        self.project_root = os.path.realpath(project_root)
        if settings is None:
            # Without a pyproject.toml, patterns are still anchored at the project.
            settings = load_settings(pyproject) if os.path.isfile(pyproject) else Settings(root=self.project_root)
        self.settings: Settings = settings
        chosen = target or self.settings.target or lower_bound(requires_python or "")
        self.target: tuple[int, int] = parse_target(chosen) if chosen else OLDEST
        self.inline_constants = self.settings.inline_constants if inline_constants is None else inline_constants
        self.future_annotations = (
            self.settings.future_annotations if future_annotations is None else future_annotations
        )

    @property
    def needed(self) -> bool:
        """Whether the wheel's sources go through transpile: up to 3.13, which
        reads 3.12 f-strings but not t-strings (lowered for it), and up to
        3.14, which rejects grammar of 3.15 that the build must not ship."""
        return self.target < NEWEST_GRAMMAR

    @property
    def hooks_editable(self) -> bool:
        """Whether an editable install needs the import hook: before 3.12 for
        f-strings, and up to 3.13 for t-strings, which the sources may gain
        at any time while installed in place."""
        return self.target < EDITABLE_HOOK_BELOW

    def selects(self, distribution_path: str, source: str | PathLike[str] | None = None) -> bool:
        """Whether the file shipped at ``distribution_path`` (``pkg/mod.py``)
        is transpiled: every source the backend ships, minus what the user's
        own ``include``/``exclude``/``extend-exclude`` leave out (no default
        excludes, no .gitignore: the backend chose what ships).

        The patterns are anchored at the project's folder, as on the command
        line: they match the path of ``source`` (the file in the project)
        from there; without ``source``, or for a file from outside the
        project, the distribution path.
        """
        if not (self.needed and distribution_path.endswith(SOURCE_SUFFIXES)):
            return False
        relative = distribution_path.replace("\\", "/")
        if source is not None:
            inside = relative_within(os.path.realpath(source), self.project_root)
            if inside is not None:  # else force-included from elsewhere: its place in the wheel
                relative = inside.replace(os.sep, "/")
        return is_selected_source(relative, self.settings)

    def transpile_all(self, jobs: Iterable[tuple[Path, str, Runtime]]) -> list[tuple[str, bytes, bytes]]:
        """(shown name, original, result) of each (source path, shown name,
        the runtime copy its t-strings import: see
        :func:`fstring_backport.project.runtime_copies.runtime_for`).

        Every file is tried, so that one build reports every bad file; then
        :class:`BuildError` is raised if any was bad.
        """
        done = []
        located = []
        unshippable = []
        for path, shown, runtime in jobs:
            original = path.read_bytes()
            try:
                done.append((shown, original, self.transpile(original, shown, runtime)))
                unshippable.extend(self.unshippable(original, shown))
            except TranspileError as exc:
                located.append(exc.located())
        if located or unshippable:
            raise BuildError(located + unshippable, UNSHIPPABLE_ADVICE if unshippable else "")
        return done

    def transpile(self, original: bytes, shown: str, runtime: Runtime) -> bytes:
        """``original`` for this build's target and options, its t-strings
        importing ``runtime``; a bad f-string or t-string raises
        :class:`TranspileError` located at ``shown``."""
        return transpile(
            original,
            self.target,
            filename=shown,
            inline_constants=self.inline_constants,
            runtime=runtime.module,
            future_annotations=self.future_annotations,
        )

    def unshippable(self, original: bytes, shown: str) -> list[str]:
        """A ``path:line:col: message`` line for each construct of
        ``original`` (a module shown as ``shown``) that the target rejects
        and transpile leaves as it is, but those ``ignore`` accepts."""
        from ..engine.pipeline import find_unlowered

        ignored = self.settings.ignore
        return [
            f"{shown}:{line}:{column}: {rule.describe(self.target)}"
            for line, column, rule in find_unlowered(original, self.target, shown)
            if rule.code not in ignored
        ]


def runtime_collisions(copies: Iterable[Runtime], shipped: Container[str]) -> None:
    """Refuse a build whose own files take a runtime copy's place."""
    located = [taken(copy.path) for copy in copies if copy.path in shipped]
    if located:
        raise BuildError(sorted(located))


def shown_path(path: str | PathLike[str], project_root: str | PathLike[str]) -> str:
    """``path`` relative to the project when inside it, as errors show it."""
    relative = relative_within(os.path.realpath(path), os.path.realpath(project_root))
    return os.fspath(path) if relative is None else relative


def top_level_names(distribution_paths: Iterable[str]) -> list[str]:
    """The importable top-level names of the ``.py`` files a wheel ships."""
    names = set()
    for path in distribution_paths:
        parts = path.replace("\\", "/").split("/")
        if not parts[-1].endswith(".py"):
            continue
        first = parts[0][: -len(".py")] if len(parts) == 1 else parts[0]
        if first.isidentifier():
            names.add(first)
    return sorted(names)


# The editable install's dependency on this tool, where it needs it.
EDITABLE_REQUIREMENT = '{}>={{}}; python_version < "{}.{}"'.format(PROJECT_NAME, *EDITABLE_HOOK_BELOW)


def editable_requirement() -> str:
    """:data:`EDITABLE_REQUIREMENT` for the running fstring-backport: at
    least its version, without a local label (``+...``), which PEP 440 does
    not allow after ``>=``."""
    from .. import __version__

    return EDITABLE_REQUIREMENT.format(__version__.partition("+")[0])


def editable_pth(project_name: str, packages: Iterable[str]) -> tuple[str, str]:
    """(file name, text) of the ``.pth`` that lets an editable install run.

    An editable install imports the 3.12 (f-strings) and 3.14 (t-strings)
    sources in place, so on 3.8-3.13 the import hook must cover its
    packages.  ``site`` runs a ``.pth`` line that starts with ``import``;
    the ``exec`` keeps it on one line.  Without fstring-backport the line
    prints how to fix the environment instead of a traceback at every
    start-up; on 3.14 and later it does nothing.
    """
    names = sorted(set(packages))
    calls = "".join(f"  fstring_backport.install({name!r})\n" for name in names) or "  pass\n"
    hint = (
        f"fstring-backport: {project_name} is installed in editable mode, and its sources may hold "
        "f-strings of Python 3.12 or t-strings of 3.14, which Python %d.%d imports only with "
        f"the import hook of fstring-backport ('pip install --upgrade {PROJECT_NAME}')\n"
    )
    body = (
        f"if sys.version_info < {EDITABLE_HOOK_BELOW!r}:\n"
        " try:\n"
        "  import fstring_backport\n"
        "  fstring_backport.install\n"
        " except (ImportError, AttributeError):\n"
        f"  sys.stderr.write({hint!r} % sys.version_info[:2])\n"
        " else:\n"
        f"{calls}"
    )
    safe_name = re.sub(r"[^A-Za-z0-9]+", "_", project_name).lower()
    return f"_fstring_backport_{safe_name}.pth", f"import sys; exec({body!r})\n"
