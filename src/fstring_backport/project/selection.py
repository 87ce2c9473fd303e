"""Which files the command line reads, each with its project's settings.

Files are selected as ruff selects them: every file gets the settings of its
own nearest pyproject.toml, whose ``exclude`` patterns are anchored at its
folder; ruff's default excludes, virtual environments, tool caches and what
``.gitignore`` ignores are skipped wherever they are; a file named on the
command line is read regardless, unless force-exclude is on.

``--copy-files`` copies every other file of the folders named, whatever
``exclude`` and ``.gitignore`` say (a generated ``_version.py`` that git
ignores is still imported), but for version control folders, tools' own
state and the output folder (:meth:`Selection.other_files`).
"""

from __future__ import annotations  # annotations unevaluated: a quicker start-up

import functools
import os
import re
from typing import Container, Iterator, NamedTuple, Sequence

from .settings import Settings, load_settings, relative_to_cwd

# ruff's default excludes: folders skipped wherever they lie in a walked tree.
DEFAULT_EXCLUDES = frozenset(
    (
        ".bzr", ".direnv", ".eggs", ".git", ".git-rewrite", ".hg", ".ipynb_checkpoints", ".mypy_cache",
        ".nox", ".pants.d", ".pyenv", ".pytest_cache", ".pytype", ".ruff_cache", ".svn", ".tox", ".venv",
        ".vscode", "__pypackages__", "__pycache__", "_build", "buck-out", "dist", "node_modules",
        "site-packages", "venv",
    )
)
SOURCE_SUFFIXES = (".py", ".pyi")
# What --copy-files never copies, files or folders: the hidden ones of
# ruff's default excludes (version control, virtual environments, tool
# caches, editor settings) and byte code, which is the sources'.
NOT_COPIED = frozenset(name for name in DEFAULT_EXCLUDES if name.startswith(".")) | {"__pycache__"}

# Files whose presence marks a folder (of any name) as not the project's own.
VENV_MARKER = "pyvenv.cfg"  # written by venv and virtualenv
CACHE_MARKER = "CACHEDIR.TAG"  # https://bford.info/cachedir/: pytest, ruff, mypy...

VENV = "a virtual environment"
CACHE = "a tool cache"
OUTPUT = "the output folder"
BY_DEFAULT = "excluded by default"
_REASON_OF_NAME = {".venv": VENV, "venv": VENV}
_REASON_OF_NAME.update(
    (name, CACHE) for name in (".mypy_cache", ".pytest_cache", ".ruff_cache", ".pytype", "__pycache__")
)


# -- patterns ------------------------------------------------------------------

# Windows compares names without case, as fnmatch did there before.
_FLAGS = re.IGNORECASE if os.name == "nt" else 0


def _glob_regex(glob: str) -> str:
    """A glob as ruff's globset reads it: ``*`` (and ``**``) match across
    ``/``, ``**/`` also matches no folder at all, ``?`` one character,
    ``[...]`` (``[!...]``) a class."""
    out = []
    i = 0
    while i < len(glob):
        char = glob[i]
        if glob.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
            continue
        if char == "*":
            out.append(".*")
        elif char == "?":
            out.append(".")
        elif char == "[" and "]" in glob[i + 2 :]:
            end = glob.index("]", i + 2)
            inside = glob[i + 1 : end]
            if inside.startswith("!"):
                inside = "^" + inside[1:]
            out.append("[" + inside.replace("\\", "\\\\") + "]")
            i = end
        else:
            out.append(re.escape(char))
        i += 1
    return "".join(out)


def _any_of(regexes: Sequence[str]) -> re.Pattern[str] | None:
    if not regexes:
        return None
    return re.compile("(?:{})\\Z".format("|".join(f"(?:{r})" for r in regexes)), re.DOTALL | _FLAGS)


class Patterns:
    """Globs as ruff reads ``exclude``: a pattern without ``/`` matches a file
    or folder *name* at any depth (``.mypy_cache``, ``gen_*.py``); one with
    ``/`` matches the path relative to ``anchor`` (an absolute folder).  A
    trailing ``/`` matches folders only.  A folder that matches stands for
    everything in it.
    """

    def __init__(self, globs: Sequence[str], anchor: str, origin: str) -> None:
        self.anchor = anchor
        self.origin = origin  # 'in pyproject.toml', for the reasons
        self._globs: list[tuple[str, re.Pattern[str], bool, bool]] = []  # (glob, regex, of a name, folders only)
        for glob in globs:
            text = glob.replace(os.sep, "/")
            folders_only = text.endswith("/")
            text = text.rstrip("/")
            if not text:
                continue
            of_name = "/" not in text
            if not of_name:
                # Absolute, ./ and ../ patterns: the same path relative to the anchor.
                text = os.path.normpath(os.path.join(anchor, text.replace("/", os.sep)))
                text = os.path.relpath(text, anchor).replace(os.sep, "/")
            regex = _glob_regex(text)
            self._globs.append((glob, re.compile(regex + "\\Z", re.DOTALL | _FLAGS), of_name, folders_only))
        # One regex per question: a quick "no" for most paths.
        self._names = {
            is_dir: _any_of([r.pattern[:-2] for _, r, n, d in self._globs if n and (is_dir or not d)])
            for is_dir in (False, True)
        }
        self._paths = {
            is_dir: _any_of([r.pattern[:-2] for _, r, n, d in self._globs if not n and (is_dir or not d)])
            for is_dir in (False, True)
        }

    def __bool__(self) -> bool:
        return bool(self._globs)

    def prefix_of(self, folder: str) -> str | None:
        """``folder`` (absolute) relative to the anchor, ``/``-separated, ending
        in ``/`` (``""`` for the anchor itself); None when there is no such path."""
        try:
            relative = os.path.relpath(folder, self.anchor)
        except ValueError:  # another drive
            return None
        return "" if relative == os.curdir else relative.replace(os.sep, "/") + "/"

    def match(self, name: str, relative: str | None, is_dir: bool) -> str | None:
        """The first glob that matches the entry ``name`` at ``relative`` (its
        path from the anchor, None when it has none); None when none does."""
        names, paths = self._names[is_dir], self._paths[is_dir]
        if not (
            (names is not None and names.match(name))
            or (paths is not None and relative is not None and paths.match(relative))
        ):
            return None
        for glob, regex, of_name, folders_only in self._globs:
            if folders_only and not is_dir:
                continue
            if regex.match(name if of_name else relative or "") and (of_name or relative is not None):
                return glob
        return None  # pragma: no cover - the combined regex agreed

    def match_path(self, relative: str, is_dir: bool) -> str | None:
        """:meth:`match` for ``relative`` or any folder above it (up to the anchor)."""
        parts = relative.split("/")
        for end in range(1, len(parts) + 1):
            if parts[end - 1] in ("", os.curdir, os.pardir):
                continue
            glob = self.match(parts[end - 1], "/".join(parts[:end]), is_dir or end < len(parts))
            if glob is not None:
                return glob
        return None

    def reason(self, glob: str) -> str:
        return f'excluded by "{glob}" {self.origin}'


def _settings_patterns(settings: Settings, globs: Sequence[str]) -> Patterns:
    if settings.pyproject is None:
        origin = "in the settings"
    else:
        origin = "in " + relative_to_cwd(settings.pyproject)
    return _compiled(tuple(globs), settings.root_folder, origin)


@functools.lru_cache(maxsize=64)
def _compiled(globs: tuple[str, ...], anchor: str, origin: str) -> Patterns:
    """Compiled once: a build step asks for every file of a wheel."""
    return Patterns(globs, anchor, origin)


def is_excluded(relative: str, settings: Settings) -> bool:
    """Whether ``exclude`` or ``extend-exclude`` names ``relative`` (a
    ``/``-separated path from ``settings.root``) or a folder above it."""
    if not (settings.exclude or settings.extend_exclude):
        return False
    patterns = _settings_patterns(settings, tuple(settings.exclude) + tuple(settings.extend_exclude))
    return bool(patterns) and patterns.match_path(relative, False) is not None


def is_selected_source(relative: str, settings: Settings) -> bool:
    """Whether ``relative`` (from ``settings.root``) is a source file that the
    user's own ``include``/``exclude``/``extend-exclude`` select: no default
    excludes, no .gitignore (for the build steps: the backend chose the files)."""
    if not relative.endswith(SOURCE_SUFFIXES) or is_excluded(relative, settings):
        return False
    if not settings.include:
        return True
    return _settings_patterns(settings, settings.include).match_path(relative, False) is not None


# -- .gitignore ----------------------------------------------------------------


class _Ignore:
    """The patterns of one ``.gitignore`` (or ``.git/info/exclude``), relative
    to ``folder`` (absolute)."""

    def __init__(self, folder: str, shown: str, lines: Sequence[str]) -> None:
        # Here: only a tree with a .gitignore pays for importing pathspec.
        try:  # pathspec 1.x, where GitWildMatchPattern is deprecated
            from pathspec.patterns.gitignore.basic import GitIgnoreBasicPattern as Pattern
        except ImportError:  # pathspec 0.9 to 0.12
            from pathspec.patterns import GitWildMatchPattern as Pattern

        self.folder = folder
        self.reason = "ignored by " + shown
        # Not pathspec's GitIgnoreSpec and its check_file (pathspec 0.12 and
        # later): it lets a folder's ``!a/`` keep ``a/b``, which ``/a/b``
        # ignores and git does not keep (see _matches_above).
        # Last pattern first: in git, the last one that matches decides.
        parsed = [Pattern(line) for line in lines if line]
        # (A pattern has a regex exactly when it has an include.)
        self.patterns = [
            (p.regex, bool(p.include)) for p in reversed(parsed) if p.include is not None and p.regex is not None
        ]
        groupless = [re.sub(r"\(\?P<\w+>", "(?:", regex.pattern) for regex, _ in self.patterns]
        self.any = re.compile("|".join(f"(?:{r})" for r in groupless)) if groupless else None

    def decides(self, relative: str) -> bool | None:
        """True: ``relative`` is ignored; False: a ``!`` pattern keeps it;
        None: no pattern of this file speaks of it.  Folders end in ``/``."""
        if self.any is None or not self.any.match(relative):
            return None
        for regex, ignores in self.patterns:
            if regex.match(relative) and not _matches_above(regex, relative):
                return ignores
        return None


def _matches_above(regex: re.Pattern[str], relative: str) -> bool:
    """Whether ``regex`` matches a folder above ``relative`` (``a/`` of ``a/b.py``).

    pathspec lets a pattern match everything below what it names; git does
    not: with ``*.py`` and ``!keep/``, ``keep/m.py`` stays ignored.  (A
    folder the pattern ignores is not walked: nothing below it is asked.)
    """
    end = relative.find("/")
    while 0 <= end < len(relative) - 1:
        if regex.match(relative[: end + 1]):
            return True
        end = relative.find("/", end + 1)
    return False


def _ignored(chain: Sequence[tuple[_Ignore, str]], name: str) -> str | None:
    """Why ``.gitignore`` files ignore ``name`` (``/`` at its end for a
    folder); ``chain`` holds (file, the folder's path from that file's
    folder) outermost first: a deeper file overrides the ones above it."""
    for ignore, prefix in reversed(chain):
        decision = ignore.decides(prefix + name)
        if decision is not None:
            return ignore.reason if decision else None
    return None


# -- the walk ------------------------------------------------------------------


class Selected(NamedTuple):
    """A file to read."""

    name: str  # as the command line shows it: the argument joined with ``relative``
    relative: str  # "/"-separated, from the argument it came from (for -o)
    settings: Settings


class Skipped(NamedTuple):
    """A folder or source file left out, and why (``a virtual environment``)."""

    name: str
    reason: str


class _Folder(NamedTuple):
    """What the entries of one walked folder are judged by."""

    real: str  # absolute
    shown: str
    relative: str  # from the argument, "" or ending in "/"
    settings: Settings
    excludes: list[tuple[Patterns, str | None]]  # (patterns, this folder from their anchor)
    include: tuple[Patterns, str | None] | None  # None: everything is included here
    ignores: list[tuple[_Ignore, str]]


class Selection:
    """Which files the command reads, as ruff selects them.

    A folder is walked; what lies in it is skipped when ruff's default
    excludes name it (:data:`DEFAULT_EXCLUDES`), when it is a virtual
    environment or a tool cache of any name (a ``pyvenv.cfg`` or a
    ``CACHEDIR.TAG`` in it), the output folder ``skip``, or when
    ``exclude``/``extend-exclude`` (of its own nearest pyproject.toml, or
    given here) or a ``.gitignore`` names it.  A path named directly is
    always read, unless force-exclude is on.

    ``.gitignore``: inside a git repository (a folder above holding
    ``.git``), those of the walked folders and of their parents up to the
    repository's root count, and its ``.git/info/exclude``; outside any
    repository, those of the walked folders (the tree named and below).
    A nested repository starts afresh.  Git's global excludes file is not
    read.
    """

    def __init__(
        self,
        exclude: Sequence[str] | None = None,
        extend_exclude: Sequence[str] | None = (),
        force_exclude: bool | None = None,
        skip: str | None = None,
    ) -> None:
        """``exclude`` replaces the configured ``exclude``; ``extend_exclude``
        (None: none) is added to it; both are anchored at the current folder.
        ``force_exclude`` None takes each named path's setting; ``skip`` is
        the output folder."""
        here = os.getcwd()
        self._exclude = Patterns(exclude, here, "given to --exclude") if exclude is not None else None
        self._extend_exclude = Patterns(extend_exclude or (), here, "given to --extend-exclude")
        self._force_exclude = force_exclude
        self._skip = os.path.realpath(skip) if skip is not None else None
        self._skip_name = os.path.basename(self._skip) if self._skip is not None else None
        self._default: Settings | None = None
        self._by_pyproject: dict[str, Settings] = {}
        self._by_folder: dict[str, Settings] = {}
        self._patterns: dict[int, tuple[list[Patterns], Patterns | None]] = {}
        self._gitignores: dict[str, _Ignore | None] = {}
        self._repo_chains: dict[str, tuple[_Ignore, ...] | None] = {}

    # -- settings

    def settings_for(self, name: str) -> Settings:
        """The settings of the nearest pyproject.toml of the file or folder
        ``name`` (``-``: the current folder); ValueError if they are bad."""
        folder = name if name == "-" or os.path.isdir(name) else os.path.dirname(name)
        return self._settings_in(os.path.realpath(os.curdir if folder in ("", "-") else folder))

    def _settings_in(self, folder: str) -> Settings:
        settings = self._by_folder.get(folder)
        if settings is None:
            candidate = os.path.join(folder, "pyproject.toml")
            parent = os.path.dirname(folder)
            if os.path.isfile(candidate):
                settings = self._load(candidate)
            elif parent == folder:
                settings = self._default_settings()
            else:
                settings = self._settings_in(parent)
            self._by_folder[folder] = settings
        return settings

    def _load(self, pyproject: str) -> Settings:
        settings = self._by_pyproject.get(pyproject)
        if settings is None:
            from pathlib import Path  # here: the build steps, which import this module, make no Path

            settings = self._by_pyproject[pyproject] = load_settings(Path(pyproject))
        return settings

    def _default_settings(self) -> Settings:
        if self._default is None:
            self._default = Settings(root=os.getcwd())
        return self._default

    def _patterns_of(self, settings: Settings) -> tuple[list[Patterns], Patterns | None]:
        """(exclude patterns, include patterns or None) that apply under ``settings``."""
        found = self._patterns.get(id(settings))
        if found is None:
            excludes = [self._exclude if self._exclude is not None else _settings_patterns(settings, settings.exclude)]
            excludes += [_settings_patterns(settings, settings.extend_exclude), self._extend_exclude]
            include = _settings_patterns(settings, settings.include) if settings.include else None
            found = self._patterns[id(settings)] = ([p for p in excludes if p], include)
        return found

    # -- .gitignore

    def _gitignore(self, folder: str, name: str = ".gitignore") -> _Ignore | None:
        """The patterns of ``folder``/``name``, None when there is none."""
        path = os.path.join(folder, name)
        if path not in self._gitignores:
            try:
                with open(path, encoding="utf-8", errors="replace") as handle:
                    lines = handle.read().splitlines()
            except OSError:  # none (or unreadable, which git ignores too)
                self._gitignores[path] = None
            else:
                self._gitignores[path] = _Ignore(folder, name.replace(os.sep, "/"), lines)
        return self._gitignores[path]

    def _repo_chain(self, folder: str) -> tuple[_Ignore, ...] | None:
        """The ignore files that apply in ``folder``, outermost first; None
        outside any git repository."""
        if folder not in self._repo_chains:
            parent = os.path.dirname(folder)
            chain: tuple[_Ignore, ...] | None
            if os.path.exists(os.path.join(folder, ".git")):
                chain = self._start_of_repo(folder)
            elif parent == folder:
                chain = None
            else:
                chain = self._repo_chain(parent)
                own = self._gitignore(folder)
                if chain is not None and own is not None:
                    chain += (own,)
            self._repo_chains[folder] = chain
        return self._repo_chains[folder]

    def _start_of_repo(self, folder: str) -> tuple[_Ignore, ...]:
        found = (self._gitignore(folder, os.path.join(".git", "info", "exclude")), self._gitignore(folder))
        return tuple(ignore for ignore in found if ignore is not None)

    def _chain_at(self, folder: str) -> list[tuple[_Ignore, str]]:
        """(ignore file, ``folder`` from its folder) for a folder named on the command line."""
        chain = self._repo_chain(folder)
        if chain is None:
            own = self._gitignore(folder)
            chain = (own,) if own is not None else ()
        return [(ignore, _prefix(folder, ignore.folder)) for ignore in chain]

    # -- named paths

    def _named_reason(self, real: str, is_dir: bool, settings: Settings) -> str | None:
        """Why force-exclude skips the path named ``real``: it, or a folder
        above it up to its project's root, is excluded, for the reason the
        walk would give (:meth:`_reason`)."""
        root = settings.root_folder
        paths = [real]
        while paths[-1] != root and paths[-1].startswith(os.path.join(root, "")):
            paths.append(os.path.dirname(paths[-1]))
        paths = [path for path in paths if path != root] or [real]
        for path in reversed(paths):  # outermost first
            path_is_dir = is_dir or path != real
            parent = os.path.dirname(path)
            excludes, _ = self._patterns_of(self._settings_in(parent))
            reason = self._reason(
                os.path.basename(path),
                path,
                path_is_dir,
                [(patterns, patterns.prefix_of(parent)) for patterns in excludes],
                self._chain_at(parent),
            )
            if reason is None and path_is_dir:
                markers = {m for m in (VENV_MARKER, CACHE_MARKER) if os.path.isfile(os.path.join(path, m))}
                reason = _marker_reason(markers)
            if reason is not None:
                return reason
        return None

    def _reason(
        self,
        name: str,
        path: str,
        is_dir: bool,
        excludes: Sequence[tuple[Patterns, str | None]],
        ignores: Sequence[tuple[_Ignore, str]],
    ) -> str | None:
        """Why ``name`` (at ``path``) is skipped, given the exclude patterns
        and ignore files of its folder; None if it is not.  A folder's
        markers (a virtual environment's, a cache's) are read apart, from
        the entries the walk lists anyway (:func:`_marker_reason`)."""
        if is_dir:
            if name in DEFAULT_EXCLUDES:
                return _REASON_OF_NAME.get(name, BY_DEFAULT)
            if name == self._skip_name and path == self._skip:
                return OUTPUT  # a second run would read it back in
        for patterns, prefix in excludes:
            glob = patterns.match(name, None if prefix is None else prefix + name, is_dir)
            if glob is not None:
                return patterns.reason(glob)
        return _ignored(ignores, name + "/" if is_dir else name) if ignores else None

    # -- the walk

    def sources(self, paths: Sequence[str]) -> Iterator[Selected | Skipped]:
        """The sources (``.py``, ``.pyi``) to read in ``paths``, and what was
        skipped: folders once (not what is in them) and source files.  In the
        order of ``paths``; in a folder, sorted as paths sort (part by part).
        A bad pyproject.toml met on the way raises ValueError."""
        return self._walk(paths, sources=True)

    def other_files(self, paths: Sequence[str], read: Container[str] = ()) -> Iterator[Selected]:
        """What ``--copy-files`` copies: every file of the folders in
        ``paths`` but the sources ``read`` (their names as :meth:`sources`
        gives them), so that the output is a tree that runs.  Excludes,
        ``include`` and ``.gitignore`` choose sources only: the files they
        leave out are copied as they are.  Never copied: :data:`NOT_COPIED`,
        folders holding a virtual environment or a tool cache (a
        ``pyvenv.cfg`` or ``CACHEDIR.TAG``), linked folders (not followed,
        as the walk for sources) and the output folder."""
        for argument in paths:
            if argument == "-" or not os.path.isdir(argument):
                continue  # a named file is a source
            real = os.path.realpath(argument)
            settings = self._settings_in(real)
            shown = "" if os.path.normpath(argument) == os.curdir else argument
            yield from self._copied(real, shown, "", settings, read)

    def _copied(
        self, folder: str, shown: str, relative: str, settings: Settings, read: Container[str]
    ) -> Iterator[Selected]:
        try:
            entries = sorted(os.scandir(folder), key=_name_of)
        except OSError:
            return  # unreadable: nothing in it, as for sources
        for entry in entries:
            name = entry.name
            if name in NOT_COPIED:
                continue
            try:
                is_dir = entry.is_dir()
                if is_dir and entry.is_symlink():
                    continue
            except OSError:
                is_dir = False
            path = os.path.join(shown, name)
            if not is_dir:
                if path not in read:
                    yield Selected(path, relative + name, settings)
                continue
            if entry.path == self._skip or any(
                os.path.isfile(os.path.join(entry.path, marker)) for marker in (VENV_MARKER, CACHE_MARKER)
            ):
                continue
            yield from self._copied(entry.path, path, relative + name + "/", settings, read)

    def _walk(self, paths: Sequence[str], sources: bool) -> Iterator[Selected | Skipped]:
        for argument in paths:
            if argument == "-":
                if sources:
                    yield Selected("-", "-", self.settings_for("-"))
                continue
            is_dir = os.path.isdir(argument)
            if not is_dir and not sources:
                continue  # a named file is a source, whatever its name
            if is_dir:
                real = os.path.realpath(argument)
                settings = self._settings_in(real)
            else:  # the folder resolved, not a link to a file: its settings are the folder's
                parent = os.path.realpath(os.path.dirname(argument) or os.curdir)
                real = os.path.join(parent, os.path.basename(argument))
                settings = self._settings_in(parent)
            force = settings.force_exclude if self._force_exclude is None else self._force_exclude
            reason = self._named_reason(real, is_dir, settings) if force else None
            if reason is not None:
                yield Skipped(argument, reason)
            elif not is_dir:
                yield Selected(argument, os.path.basename(argument), settings)
            else:
                excludes, include = self._patterns_of(settings)
                include_prefix = None if include is None else include.prefix_of(real)
                if include is not None and include_prefix and include.match_path(include_prefix[:-1], True):
                    include = None  # the folder named, or one above it, is included: all in it
                folder = _Folder(
                    real,
                    # "." shows its files as "src/m.py", not "./src/m.py", as ruff does.
                    "" if os.path.normpath(argument) == os.curdir else argument,
                    "",
                    settings,
                    [(patterns, patterns.prefix_of(real)) for patterns in excludes],
                    None if include is None else (include, include_prefix),
                    self._chain_at(real),
                )
                try:
                    entries = list(os.scandir(real))
                except OSError:
                    continue  # unreadable: nothing in it, as os.walk did
                yield from self._folder(folder, sources, entries)

    def _folder(self, folder: _Folder, sources: bool, entries: list[os.DirEntry[str]]) -> Iterator[Selected | Skipped]:
        _, shown, relative, settings, excludes, include, ignores = folder
        entries.sort(key=_name_of)
        for entry in entries:
            name = entry.name
            try:
                is_dir = entry.is_dir()
                if is_dir and entry.is_symlink():
                    continue  # not followed, as os.walk does not: no loops
            except OSError:
                is_dir = False
            if not is_dir and name.endswith(SOURCE_SUFFIXES) != sources:
                continue
            reason = self._reason(name, entry.path, is_dir, excludes, ignores)
            if reason is None and not is_dir and sources and include is not None:
                patterns, prefix = include
                if patterns.match(name, None if prefix is None else prefix + name, False) is None:
                    reason = f"not matched by include {patterns.origin}"
            if reason is not None:
                if sources:
                    yield Skipped(os.path.join(shown, name), reason)
                continue
            if not is_dir:
                yield Selected(os.path.join(shown, name), relative + name, settings)
                continue
            try:
                inside = list(os.scandir(entry.path))
            except OSError:
                continue  # unreadable: skipped, as os.walk did
            names = {child.name for child in inside}
            marked = _marker_reason(names)
            if marked is not None:
                if sources:
                    yield Skipped(os.path.join(shown, name), marked)
                continue
            yield from self._folder(self._child(folder, name, entry.path, names), sources, inside)

    def _child(self, folder: _Folder, name: str, path: str, inside: set[str]) -> _Folder:
        settings = folder.settings
        if "pyproject.toml" in inside and os.path.isfile(os.path.join(path, "pyproject.toml")):
            settings = self._load(os.path.join(path, "pyproject.toml"))
        if settings is folder.settings:
            excludes = [(p, None if prefix is None else prefix + name + "/") for p, prefix in folder.excludes]
            include = folder.include
            if include is not None:
                patterns, prefix = include
                if patterns.match(name, None if prefix is None else prefix + name, True) is not None:
                    include = None  # the folder is included: all in it
                else:
                    include = (patterns, None if prefix is None else prefix + name + "/")
        else:  # a project of its own: its patterns, anchored at its folder
            found, include_patterns = self._patterns_of(settings)
            excludes = [(p, p.prefix_of(path)) for p in found]
            include = None if include_patterns is None else (include_patterns, include_patterns.prefix_of(path))
        if ".git" in inside:  # a repository of its own: its ignores only
            ignores = [(ignore, "") for ignore in self._start_of_repo(path)]
        else:
            ignores = [(ignore, prefix + name + "/") for ignore, prefix in folder.ignores]
            if ".gitignore" in inside:
                own = self._gitignore(path)
                if own is not None:
                    ignores.append((own, ""))
        return _Folder(
            path, os.path.join(folder.shown, name), folder.relative + name + "/", settings, excludes, include, ignores
        )


def _marker_reason(names: Container[str]) -> str | None:
    """Why a folder holding these names is skipped: it is a virtual
    environment or a tool's cache; None if neither."""
    if VENV_MARKER in names:
        return VENV
    if CACHE_MARKER in names:
        return CACHE
    return None


def _name_of(entry: os.DirEntry[str]) -> str:
    return entry.name


def _prefix(folder: str, base: str) -> str:
    """``folder`` relative to ``base`` (a folder above it, or itself), ``/``-separated, ending in ``/``."""
    relative = os.path.relpath(folder, base)
    return "" if relative == os.curdir else relative.replace(os.sep, "/") + "/"
