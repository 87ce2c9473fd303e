"""The ``fstring-backport`` command: a thin shell around :func:`transpile`,
with the commands of cli/group.py beside it."""

import os
import sys
from pathlib import Path
from typing import Dict, Iterator, List, NamedTuple, Optional, Sequence, TextIO, Tuple

import click

from .. import __version__
from ..engine.errors import TranspileError
from ..engine.targets import CURRENT_FSTRINGS, NATIVE, NEWEST_GRAMMAR, OLDEST, TSTRINGS, parse_target
from ..project.runtime_copies import is_runtime_copy, runtime_in_tree, runtime_source, taken
from ..project.selection import Selected, Selection, Skipped
from ..project.settings import relative_to_cwd
from ..project.wording import counted
from ..project.writing import write_atomically
from .group import PathsOrCommand

EPILOG = """\b
Examples:
  fstring-backport examples/greeting.py          print the result
  fstring-backport src -o build/src --copy-files  write a whole tree
  fstring-backport src -o out --copy-runtime      a tree that runs without fstring-backport
  fstring-backport -i src                         rewrite files in place
  fstring-backport --check src                    list what the target rejects
  fstring-backport --check --diff src             show what would change; exit 1 if anything would
  fstring-backport --diff --target 3.11 src       show what would change

\b
Exit status: 0 success, 1 a file had problems (or --check found some),
2 usage error.
"""


class _Options(NamedTuple):
    """What every worker needs to know besides the file."""

    check: bool
    verbose: bool
    in_place: bool
    out_dir: Optional[str]
    diff: bool
    stdin_filename: Optional[str]


class _Job(NamedTuple):
    name: str  # strings, not paths: they cross to workers faster
    relative: str
    target: Tuple[int, int]
    origin: str  # where the target came from, for -v
    inline_constants: bool
    future_annotations: bool
    options: _Options
    runtime: Optional[str] = None  # the module t-strings import (--copy-runtime); None: the package's
    copy: Optional[str] = None  # where that copy goes
    ignore: Tuple[str, ...] = ()  # rule codes not reported ([tool.fstring-backport] ignore)


class _Outcome:
    """What happened to one file, computed in a worker process.

    Workers read and write the files themselves, and make the diffs, so
    that only this small record crosses between processes; it holds the
    file's text only when the file is printed (one file, no workers).
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self.changed = False
        self.result: Optional[bytes] = None  # to print on standard output
        self.diff = ""
        self.problems: list = []  # (line, column, rules.Rule)
        # Writing (-i, -o, stdout, --diff): what the target rejects and the
        # output keeps (a match statement for 3.9...), (line, column, rule).
        self.unlowered: list = []
        self.error: Optional[str] = None
        # -o, -i: whether the output imports the runtime from its copy, or from the package.
        self.imports_copy = False
        self.imports_package = False


def _process(job: _Job) -> _Outcome:
    # Imported here, not at start-up: with -j N only the workers need the
    # engine, and they import it side by side.
    from ..engine.pipeline import RUNTIME, find_problems, find_unlowered, transpile

    options = job.options
    shown = options.stdin_filename or job.name
    outcome = _Outcome(shown)
    try:
        if job.name == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(job.name, "rb") as handle:
                data = handle.read()
    except OSError as exc:
        outcome.error = f"{shown}:1:1: {exc.strerror or exc}"
        return outcome
    if is_runtime_copy(shown):
        # A copy of the t-string runtime (--copy-runtime's, or a wheel's):
        # never rewritten, since it would import itself.
        if options.check and not options.diff:
            return outcome
        result = data
    else:
        try:
            if options.check or options.verbose:
                outcome.problems = _not_ignored(find_problems(data, job.target, filename=shown), job)
            if options.check and not options.diff:
                return outcome
            result = transpile(
                data,
                job.target,
                filename=shown,
                inline_constants=job.inline_constants,
                runtime=RUNTIME if job.runtime is None else job.runtime,
                future_annotations=job.future_annotations,
            )
            if options.check or options.verbose:
                outcome.unlowered = [found for found in outcome.problems if found[2].lowered_since is None]
                outcome.problems = [found for found in outcome.problems if found[2].lowered_since is not None]
            else:
                outcome.unlowered = _not_ignored(find_unlowered(data, job.target, filename=shown), job)
        except TranspileError as exc:
            outcome.error = exc.located()
            return outcome
    outcome.changed = result is not data and result != data
    if options.in_place or options.out_dir:
        outcome.imports_copy = job.runtime is not None and job.runtime.encode("ascii") in result
        outcome.imports_package = RUNTIME.encode("ascii") in result
    if options.diff:
        if outcome.changed:
            outcome.diff = _diff(shown, data, result)
    elif options.in_place:
        if outcome.changed:
            write_atomically(Path(job.name), result)
    elif options.out_dir:
        _write_out(Path(options.out_dir) / job.relative, Path(job.name), result)
    else:
        outcome.result = result
    return outcome


def _not_ignored(problems: list, job: _Job) -> list:
    return [problem for problem in problems if problem[2].code not in job.ignore]


def target_option(ctx: click.Context, param: click.Parameter, value: Optional[str]) -> Optional[Tuple[int, int]]:
    """``--target``: a version, 3.8 or later (also the wheel command's)."""
    if value is None:
        return None
    try:
        return parse_target(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc), ctx=ctx, param=param) from None


def _jobs_option(ctx: click.Context, param: click.Parameter, value: Optional[str]) -> Optional[int]:
    """``-j N`` or ``-j auto``; None means one process per CPU."""
    if value is None or value == "auto":
        return None
    try:
        jobs = int(value)
    except ValueError:
        jobs = 0
    if jobs < 1:
        raise click.BadParameter(f"{value!r} is not a number of processes (1 or more) or 'auto'", ctx, param)
    return jobs


def _patterns_option(ctx: click.Context, param: click.Parameter, value: Sequence[str]) -> Optional[List[str]]:
    """Repeatable and comma-separated, as ruff's ``--exclude``."""
    if not value:
        return None
    return [pattern.strip() for item in value for pattern in item.split(",") if pattern.strip()]


@click.group(
    cls=PathsOrCommand,
    invoke_without_command=True,
    no_args_is_help=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    epilog=EPILOG,
)
@click.version_option(__version__, prog_name="fstring-backport")
@click.argument("paths", nargs=-1, type=click.Path(allow_dash=True, path_type=str))
@click.option(
    "--target",
    callback=target_option,
    metavar="VERSION",
    help="Oldest Python the output runs on: 3.8, py38, ... "
    "[default: for each file, requires-python of its nearest pyproject.toml, else 3.8]",
)
@click.option(
    "--inline-constants",
    is_flag=True,
    default=None,
    help="Spell constants inline (('%c' % (10,))) instead of binding module-level names "
    "[default: inline-constants of the nearest pyproject.toml, else names where a line can take them].",
)
@click.option(
    "--future-annotations",
    is_flag=True,
    default=None,
    help="Add 'from __future__ import annotations' to modules with annotations, for code written for "
    "3.14's lazy annotations [default: future-annotations of the nearest pyproject.toml, else off].",
)
@click.option(
    "-o", "--out-dir", type=click.Path(file_okay=False, path_type=str), help="Write results under this folder."
)
@click.option(
    "--copy-files",
    is_flag=True,
    help="With -o, copy every other file too, excluded and git-ignored ones included "
    "(not .git, .venv, caches or __pycache__).",
)
@click.option(
    "--copy-runtime",
    is_flag=True,
    help="With -o or -i, copy the t-string runtime into the tree where modules import it, and import it "
    "from there, so that the output runs without fstring-backport.",
)
@click.option("-i", "--in-place", is_flag=True, help="Rewrite files in place.")
@click.option("--check", is_flag=True, help="Change nothing; list what the target rejects; exit 1 if anything.")
@click.option("--diff", is_flag=True, help="Change nothing; print a unified diff (with --check: exit 1 if any).")
@click.option(
    "--exclude", multiple=True, callback=_patterns_option, metavar="PATTERNS",
    help="Glob patterns to skip, in place of the configured exclude (comma-separated, repeatable).",
)
@click.option(
    "--extend-exclude", multiple=True, callback=_patterns_option, metavar="PATTERNS",
    help="Glob patterns to skip, besides the configured exclude.",
)
@click.option(
    "--force-exclude/--no-force-exclude", default=None,
    help="Apply the excludes to files named on the command line too (as pre-commit names them).",
)
@click.option(
    "--stdin-filename", metavar="PATH",
    help="The name of the file read from standard input: for messages, its pyproject.toml and excludes.",
)
@click.option(
    "-j", "--jobs", callback=_jobs_option, metavar="N|auto", default=None,
    help="Parallel processes [default: auto, one per CPU].",
)
@click.option(
    "--color/--no-color", default=None,
    help="Colour diffs [default: on a terminal, unless NO_COLOR is set].",
)
@click.option("-q", "--quiet", is_flag=True, help="Print errors and problems only.")
@click.option("-v", "--verbose", is_flag=True, help="Name every file, its target and what happened to it.")
def main(
    paths: Tuple[str, ...],
    target: Optional[Tuple[int, int]],
    inline_constants: Optional[bool],
    future_annotations: Optional[bool],
    out_dir: Optional[str],
    copy_files: bool,
    copy_runtime: bool,
    in_place: bool,
    check: bool,
    diff: bool,
    exclude: Optional[List[str]],
    extend_exclude: Optional[List[str]],
    force_exclude: Optional[bool],
    stdin_filename: Optional[str],
    jobs: Optional[int],
    color: Optional[bool],
    quiet: bool,
    verbose: bool,
) -> None:
    """Rewrite Python 3.12 f-strings in PATHS so that older Pythons run them.

    One file (or - for standard input) is printed on standard output;
    folders need -o, -i, --check or --diff.  Problems are reported as
    PATH:LINE:COL: message.

    A command's name first runs that command (fstring-backport wheel -h);
    a file of that name is ./wheel.
    """
    options = _Options(check, verbose, in_place, out_dir, diff, stdin_filename)
    paths = _check_usage(paths, options, copy_files=copy_files, copy_runtime=copy_runtime)
    selection = Selection(exclude=exclude, extend_exclude=extend_exclude, force_exclude=force_exclude, skip=out_dir)
    try:
        jobs_list, skipped = _jobs(paths, selection, target, inline_constants, future_annotations, options)
    except ValueError as exc:  # a bad setting: one line, exit status 2
        click.echo(f"fstring-backport: {exc}", err=True)
        sys.exit(2)
    modes = out_dir or in_place or check or diff
    if not modes and any(os.path.isdir(p) for p in paths):
        raise click.UsageError("a folder needs -o, -i, --check or --diff")
    if not modes and len(jobs_list) + len(skipped) != 1:
        raise click.UsageError("several files need -o, -i, --check or --diff")
    report = _Report(len(jobs_list), quiet=quiet, verbose=verbose, color=_colour(color))
    if verbose:
        for skip in skipped:
            if os.path.basename(skip.name) not in _NEVER_SOURCES:
                report.note(f"{skip.name}: skipped ({skip.reason})")
    if not quiet:
        # Once per target that leaves f-strings alone, so that a run that
        # changes little (or nothing) says why.
        for version in sorted({job.target for job in jobs_list if job.target >= NATIVE}):
            report.note(_what_is_left_alone(version))
    others = list(selection.other_files(paths, {job.name for job in jobs_list})) if out_dir and copy_files else []
    if copy_runtime:
        jobs_list, located = _place_copies(jobs_list, others, out_dir)
        if located:
            for line in located:
                click.echo(line, err=True)
            click.echo(
                "fstring-backport: nothing written: --copy-runtime needs these names for the t-string runtime", err=True
            )
            sys.exit(1)
    copies: Dict[str, str] = {}  # the copies needed: their paths, and a module that imports each
    importers = 0  # the files written that import the package's runtime
    for outcome, job in zip(_run(jobs_list, jobs), jobs_list):
        report.add(outcome, job)
        if outcome.imports_copy and job.copy is not None:
            copies.setdefault(job.copy, job.name)
        if outcome.imports_package and (outcome.changed or not in_place):  # -i writes changed files only
            importers += 1
    if not modes and skipped:
        # The one input is excluded: printed as it is, as ruff format does,
        # so that an editor that replaces its text with ours loses nothing.
        _print_unchanged(paths[0])
    for item in others:
        _copy_file(item, out_dir)
    added = _write_copies(copies, report, durable=in_place) if copies else 0
    if importers and not quiet:
        report.note(_needs_the_package(importers, copy_runtime))
    sys.exit(report.finish(check=check, diff=diff, writes=bool(in_place or out_dir), copies_added=added))


# Skipped without a word even under -v: nobody expects sources in them.
_NEVER_SOURCES = frozenset(("__pycache__", ".git", ".hg", ".svn", ".bzr"))


def _check_usage(paths: Tuple[str, ...], options: _Options, *, copy_files: bool, copy_runtime: bool) -> Tuple[str, ...]:
    """The paths to read, once the options are known to fit together."""
    out_dir, in_place, check, diff = options.out_dir, options.in_place, options.check, options.diff
    stdin_filename = options.stdin_filename
    modes = [name for name, on in (("-o", out_dir), ("-i", in_place), ("--check", check), ("--diff", diff)) if on]
    if len(modes) > 1 and modes != ["--check", "--diff"]:
        raise click.UsageError("{} cannot be combined".format(" and ".join(modes)))
    if copy_files and not out_dir:
        raise click.UsageError("--copy-files needs -o")
    if copy_runtime and not (out_dir or in_place):
        # Standard output holds one module: the copy would be a second file.
        raise click.UsageError("--copy-runtime needs -o or -i, which write the copy beside the modules")
    if not paths:
        if stdin_filename is None:
            raise click.UsageError("no paths given (- reads standard input)")
        paths = ("-",)
    if "-" in paths and (len(paths) > 1 or in_place or out_dir):
        raise click.UsageError("- (standard input) stands alone and cannot be written in place")
    if stdin_filename is not None and paths != ("-",):
        raise click.UsageError("--stdin-filename names standard input: give - or no paths")
    for text in paths:
        if text != "-" and not os.path.exists(text):
            raise click.UsageError(f"no such file or folder: {text}")
    return paths


def _jobs(
    paths: Tuple[str, ...],
    selection: Selection,
    target: Optional[Tuple[int, int]],
    inline_constants: Optional[bool],
    future_annotations: Optional[bool],
    options: _Options,
) -> Tuple[List[_Job], List[Skipped]]:
    """One job per selected file, each with its own target; and what was skipped."""
    jobs_list: List[_Job] = []
    skipped: List[Skipped] = []
    found: List[Selected] = []
    if paths == ("-",):
        # Standard input stands for the file --stdin-filename names: its
        # settings, and its excludes when they are forced.
        name = options.stdin_filename
        if name is not None and os.path.isfile(name):
            items = list(selection.sources([name]))
        else:
            items = [Selected(name or "-", "-", selection.settings_for(name or "."))]
        for item in items:
            if isinstance(item, Selected):
                found.append(Selected("-", "-", item.settings))
            else:
                skipped.append(item)
    else:
        for item in selection.sources(paths):
            if isinstance(item, Selected):
                found.append(item)
            else:
                skipped.append(item)
    for item in found:
        settings = item.settings
        if target is not None:
            file_target, origin = target, "--target"
        else:
            file_target = parse_target(settings.target) if settings.target else OLDEST
            origin = settings.target_origin
        inline = settings.inline_constants if inline_constants is None else inline_constants
        future = settings.future_annotations if future_annotations is None else future_annotations
        jobs_list.append(
            _Job(item.name, item.relative, file_target, origin, inline, future, options, ignore=tuple(settings.ignore))
        )
    return jobs_list, skipped


def _print_unchanged(path: str) -> None:
    if path == "-":
        data = sys.stdin.buffer.read()
    else:
        with open(path, "rb") as handle:
            data = handle.read()
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def _copy_file(item: Selected, out_dir: Optional[str]) -> None:
    """One of --copy-files' files, copied under ``out_dir`` as it is."""
    import shutil

    destination = Path(str(out_dir)) / item.relative
    destination.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(item.name, str(destination))


def _place_copies(
    jobs_list: List[_Job], others: List[Selected], out_dir: Optional[str]
) -> Tuple[List[_Job], List[str]]:
    """Each job with the runtime copy its module would import (--copy-runtime),
    found in the tree written: under -o the files this run writes (whose
    ``__init__.py`` make the packages), under -i those on disk; and an
    error line for each file of that tree at a copy's place that is not the
    runtime itself, which stops the command before anything is written.
    """
    holders: Dict[str, str] = {}  # a file written under -o: its path there -> its name as given
    if out_dir is not None:
        written = [(job.name, job.relative) for job in jobs_list] + [(item.name, item.relative) for item in others]
        for name, relative in written:
            holders[os.path.abspath(os.path.join(out_dir, *relative.split("/")))] = name

    packages: Dict[str, bool] = {}

    def is_package(folder: str) -> bool:
        init = os.path.join(folder, "__init__.py")
        if out_dir is not None:
            return init in holders
        if folder not in packages:
            packages[folder] = os.path.isfile(init)
        return packages[folder]

    placed = []
    places: Dict[str, Optional[str]] = {}  # each copy's path -> the file of the tree there, if any
    for job in jobs_list:
        if is_runtime_copy(job.name):
            placed.append(job)
            continue
        module = os.path.join(out_dir, *job.relative.split("/")) if out_dir is not None else job.name
        runtime, copy = runtime_in_tree(module, is_package)
        if copy not in places:
            if out_dir is not None:
                places[copy] = holders.get(copy)
            else:
                places[copy] = relative_to_cwd(copy) if os.path.lexists(copy) else None
        placed.append(job._replace(runtime=runtime.module, copy=copy))
    held = sorted(holder for holder in places.values() if holder is not None)
    runtime_text = runtime_source() if held else b""
    return placed, [taken(holder) for holder in held if _read(holder) != runtime_text]


def _read(path: str) -> Optional[bytes]:
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except OSError:
        return None


def _write_copies(copies: Dict[str, str], report: "_Report", durable: bool) -> int:
    """Write the runtime's copies (path -> a module that imports it, whose
    permissions it takes); how many were new or replaced."""
    runtime = runtime_source()
    added = 0
    for path, importer in sorted(copies.items()):
        new = _read(path) != runtime
        if new:
            write_atomically(path, runtime, mode_from=importer, durable=durable)
            added += 1
        if report.verbose:
            report.note("{}: runtime copy {}".format(relative_to_cwd(path), "added" if new else "unchanged"))
    return added


def _needs_the_package(count: int, copy_runtime: bool) -> str:
    """The note for the files written that import fstring-backport's own runtime."""
    files = "1 file imports" if count == 1 else f"{count} files import"
    they = "it runs" if count == 1 else "they run"
    if copy_runtime:  # rewritten so before, without --copy-runtime
        return (
            f"fstring-backport: {files} fstring_backport.templatelib (the t-string runtime) by that name, "
            f"not a copy: install fstring-backport where {they}"
        )
    return (
        f"fstring-backport: {files} fstring_backport.templatelib (the t-string runtime): "
        f"install fstring-backport where {they}, or give --copy-runtime"
    )


class _Report:
    """Everything the command prints about the files, in path order.

    Problems found by --check go to standard output, everything else to
    standard error; a progress bar shows on a terminal for long runs, and
    every line is written above it.
    """

    def __init__(self, total: int, quiet: bool, verbose: bool, color: bool) -> None:
        self.total = total
        self.quiet = quiet
        self.verbose = verbose
        self.color = color
        self.changed = 0
        self.errors = 0
        self.problems = 0
        self.files_with_problems = 0
        self.files_unlowered = 0  # written with what the target rejects (see _Outcome.unlowered)
        self.bar = None
        if not quiet and not verbose and total > 20 and sys.stderr.isatty():
            from .progress import ProgressBar

            self.bar = ProgressBar(total, sys.stderr)

    def _write(self, text: str, stream: TextIO) -> None:
        if self.bar is not None:
            self.bar.write(text, stream)
        else:
            stream.write(text)
            stream.flush()

    def note(self, line: str) -> None:
        self._write(line + "\n", sys.stderr)

    def add(self, outcome: _Outcome, job: _Job) -> None:
        self._show(outcome, job)
        if self.bar is not None:
            self.bar.advance()

    def _show(self, outcome: _Outcome, job: _Job) -> None:
        options = job.options
        if outcome.error is not None:
            self.errors += 1
            self.note(outcome.error)
            return
        self.changed += outcome.changed
        if outcome.problems:
            self.problems += len(outcome.problems)
            self.files_with_problems += 1
        if outcome.unlowered:
            # Written as it is: a problem of the output, reported even with -q.
            self.files_unlowered += 1
            self.note(
                "".join(
                    f"{outcome.path}:{line}:{column}: {rule.describe(job.target)}\n"
                    for line, column, rule in outcome.unlowered
                ).rstrip("\n")
            )
        if self.verbose:
            self.note("{}: {} for Python {}.{} ({})".format(
                outcome.path, _what_happened(outcome, options), *job.target, job.origin
            ))
        if options.check and not options.diff:
            lines = "".join(
                f"{outcome.path}:{line}:{column}: {rule.describe(job.target)}\n"
                for line, column, rule in outcome.problems
            )
            if lines:
                self._write(lines, sys.stdout)
            return
        if self.verbose and not options.check:
            for line, column, rule in outcome.problems:
                self.note(f"{outcome.path}:{line}:{column}: rewritten: {rule.describe(job.target)}")
        if options.diff:
            if outcome.diff:
                self._write(_coloured(outcome.diff) if self.color else outcome.diff, sys.stdout)
        elif outcome.result is not None:
            self.close()
            sys.stdout.buffer.write(outcome.result)
            sys.stdout.buffer.flush()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.clear()
            self.bar = None

    def finish(self, check: bool, diff: bool, writes: bool, copies_added: int = 0) -> int:
        """Print the closing line; the exit status."""
        self.close()
        failed = f", {self.errors} failed" if self.errors else ""
        if check:
            if not self.quiet:
                if self.problems:
                    line = "Found {} in {}{}.".format(
                        counted(self.problems, "problem"), counted(self.files_with_problems, "file"), failed
                    )
                elif self.errors and self.total == self.errors:  # none read: "no problems" would say nothing true
                    line = "{} failed.".format(counted(self.errors, "file"))
                else:
                    line = "No problems found in {}{}.".format(counted(self.total - self.errors, "file"), failed)
                # Beside a diff, standard output holds the diff alone.
                click.echo(line, err=diff)
            return 1 if self.problems or self.errors or (diff and self.changed) else 0
        if writes and not self.quiet:
            added = ""
            if copies_added:
                added = f", {counted(copies_added, 'runtime copy')} added"
            kept = f", {counted(self.files_unlowered, 'file')} with problems" if self.files_unlowered else ""
            click.echo(f"{self.changed} of {self.total} files rewritten{added}{kept}{failed}", err=True)
        return 1 if self.errors or self.files_unlowered else 0


def _what_happened(outcome: _Outcome, options: _Options) -> str:
    if options.check and not options.diff:
        return counted(len(outcome.problems), "problem") if outcome.problems else "no problems"
    return "rewritten" if outcome.changed else "unchanged"


def _colour(choice: Optional[bool]) -> bool:
    if choice is not None:
        return choice
    return sys.stdout.isatty() and not os.environ.get("NO_COLOR")


_DIFF_COLOURS = (("+++", "bold"), ("---", "bold"), ("@@", "cyan"), ("+", "green"), ("-", "red"))


def _coloured(diff: str) -> str:
    lines = []
    for line in diff.splitlines(keepends=True):
        for start, colour in _DIFF_COLOURS:
            if line.startswith(start):
                body = line.rstrip("\r\n")
                if colour == "bold":
                    body = click.style(body, bold=True)
                else:
                    body = click.style(body, fg=colour)
                line = body + line[len(line.rstrip("\r\n")):]
                break
        lines.append(line)
    return "".join(lines)


def _what_is_left_alone(target: Tuple[int, int]) -> str:
    """Why a target of 3.12 or later changes little or nothing (see engine.transpile)."""
    if target >= NEWEST_GRAMMAR:
        return (
            "fstring-backport: nothing to rewrite for Python {}.{}: Python 3.15 and later read "
            "all the grammar it lowers".format(*target)
        )
    if target >= TSTRINGS:
        return (
            "fstring-backport: Python {}.{} reads 3.12 f-strings, t-strings and except A, B: as they are: "
            "only 3.15's lazy imports and unpacking in comprehensions are rewritten".format(*target)
        )
    if target >= CURRENT_FSTRINGS:
        return (
            "fstring-backport: Python {}.{} reads 3.12 f-strings as they are: "
            "only t-strings, except A, B: and 3.15's grammar are rewritten".format(*target)
        )
    return (
        "fstring-backport: Python {}.{} reads 3.12 f-strings: only t-strings, except A, B:, 3.15's grammar and the "
        "f-strings that 3.13 reads otherwise (FB108, FB202) are rewritten".format(*target)
    )


def _run(jobs_list: List[_Job], jobs: Optional[int]) -> Iterator[_Outcome]:
    """Outcomes in the order of ``jobs_list``, whatever the number of processes.

    The largest files start first, so that no big one is left for the end
    (files differ in size a hundredfold); reports still come in path order.
    With ``--diff`` this process only collects and prints: a diff can be
    larger than a pipe holds, and a worker would wait for it to be read.
    """
    if not jobs_list:
        return
    workers = min(jobs or os.cpu_count() or 1, len(jobs_list))
    if workers <= 1 or jobs_list[0].name == "-":
        yield from map(_process, jobs_list)
        return
    from .parallel import map_in_order

    first = sorted(range(len(jobs_list)), key=lambda i: -_size(jobs_list[i].name))
    yield from map_in_order(_process, jobs_list, workers, first, caller_works=not jobs_list[0].options.diff)


def _size(name: str) -> int:
    try:
        return os.stat(name).st_size
    except OSError:
        return 0  # the worker reports it


def _write_out(destination: Path, source: Path, result: bytes) -> None:
    if destination.exists() and destination.read_bytes() == result:
        return  # unchanged: keep its mtime
    # A generated tree can be made again: no need to wait for the disk.
    write_atomically(destination, result, mode_from=source, durable=False)


def _diff(name: str, original: bytes, result: bytes) -> str:
    import difflib

    from ..engine.source import decode_source

    encoding = decode_source(original, name).encoding
    before = original.decode(encoding).splitlines(keepends=True)
    after = result.decode(encoding).splitlines(keepends=True)
    return "".join(difflib.unified_diff(before, after, name, name))


if __name__ == "__main__":  # pragma: no cover
    main()
