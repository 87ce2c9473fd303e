"""The ``fstring-backport`` command: a thin shell around :func:`transpile`."""

import os
import sys
from pathlib import Path
from typing import Iterator, List, NamedTuple, Optional, Tuple

import click

from . import __version__
from .targets import NATIVE, TSTRINGS, parse_target
from .errors import TranspileError
from .files import find_pyproject, load_settings, walk, walk_names, write_atomically

EPILOG = """\b
Examples:
  fstring-backport examples/greeting.py          print the result
  fstring-backport src -o build/src --copy-files  write a whole tree
  fstring-backport -i src                         rewrite files in place
  fstring-backport --check src                    list what 3.8 rejects
  fstring-backport --diff --target 3.11 src       show what would change

\b
Exit status: 0 success, 1 a file had problems (or --check found some),
2 usage error.
"""


class _Options(NamedTuple):
    """What every worker needs to know besides the file."""

    target: Tuple[int, int]
    inline_constants: bool
    check: bool
    verbose: bool
    in_place: bool
    out_dir: Optional[str]
    diff: bool


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
        self.problems: List[Tuple[int, int, str]] = []
        self.error: Optional[str] = None


def _process(job: Tuple[str, str, _Options]) -> _Outcome:
    # Imported here, not at start-up: with -j N only the workers need the
    # engine, and they import it side by side.
    from .engine import find_problems, transpile

    name, relative, options = job  # strings: they cross to workers faster than paths
    outcome = _Outcome(name)
    try:
        if name == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(name, "rb") as handle:
                data = handle.read()
    except OSError as exc:
        outcome.error = "{}:1:1: {}".format(name, exc.strerror or exc)
        return outcome
    try:
        if options.check or options.verbose:
            outcome.problems = find_problems(data, options.target, filename=name)
        if options.check:
            return outcome
        result = transpile(data, options.target, filename=name, inline_constants=options.inline_constants)
    except TranspileError as exc:
        outcome.error = exc.located()
        return outcome
    outcome.changed = result is not data and result != data
    if options.diff:
        if outcome.changed:
            outcome.diff = _diff(name, data, result)
    elif options.in_place:
        if outcome.changed:
            write_atomically(Path(name), result)
    elif options.out_dir:
        _write_out(Path(options.out_dir) / relative, Path(name), result)
    else:
        outcome.result = result
    return outcome


def _target_option(ctx: click.Context, param: click.Parameter, value: Optional[str]):
    if value is None:
        return None
    try:
        return parse_target(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc), ctx=ctx, param=param)


@click.command(
    context_settings={"help_option_names": ["-h", "--help"]},
    epilog=EPILOG,
)
@click.version_option(__version__, prog_name="fstring-backport")
@click.argument("paths", nargs=-1, required=True, type=click.Path(allow_dash=True, path_type=str))
@click.option(
    "--target",
    callback=_target_option,
    metavar="VERSION",
    help="Oldest Python the output runs on: 3.8, py38, ... "
    "[default: requires-python of the nearest pyproject.toml, else 3.8]",
)
@click.option(
    "--inline-constants",
    is_flag=True,
    default=None,
    help="Spell constants inline (('%c' % (10,))) instead of binding module-level names "
    "[default: inline-constants of the nearest pyproject.toml, else names where a line can take them].",
)
@click.option("-o", "--out-dir", type=click.Path(file_okay=False, path_type=str), help="Write results under this folder.")
@click.option("--copy-files", is_flag=True, help="With -o, copy the other files too.")
@click.option("-i", "--in-place", is_flag=True, help="Rewrite files in place.")
@click.option("--check", is_flag=True, help="Change nothing; exit 1 if any f-string needs rewriting.")
@click.option("--diff", is_flag=True, help="Change nothing; print a unified diff.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None, help="Parallel processes [default: CPUs].")
@click.option("-q", "--quiet", is_flag=True, help="Print errors only.")
@click.option("-v", "--verbose", is_flag=True, help="Name every file and what happened to it.")
def main(paths, target, inline_constants, out_dir, copy_files, in_place, check, diff, jobs, quiet, verbose) -> None:
    """Rewrite Python 3.12 f-strings in PATHS so that older Pythons run them.

    One file (or - for standard input) is printed on standard output;
    folders need -o, -i, --check or --diff.  Problems are reported as
    PATH:LINE:COL: message.
    """
    modes = [name for name, on in (("-o", out_dir), ("-i", in_place), ("--check", check), ("--diff", diff)) if on]
    if len(modes) > 1:
        raise click.UsageError("{} cannot be combined".format(" and ".join(modes)))
    if copy_files and not out_dir:
        raise click.UsageError("--copy-files needs -o")
    if "-" in paths and (len(paths) > 1 or in_place or out_dir):
        raise click.UsageError("- (standard input) stands alone and cannot be written in place")
    roots = [Path(p) for p in paths]
    for root, text in zip(roots, paths):
        if text != "-" and not root.exists():
            raise click.UsageError("no such file or folder: {}".format(text))
    try:
        settings = load_settings(find_pyproject(Path.cwd() if paths == ("-",) else roots[0]))
    except ValueError as exc:  # a bad setting: one line, exit status 2
        click.echo("fstring-backport: {}".format(exc), err=True)
        sys.exit(2)
    if target is None:
        target = parse_target(settings.target or "3.8")
    if inline_constants is None:
        inline_constants = settings.inline_constants
    options = _Options(target, inline_constants, check, verbose, in_place, out_dir, diff)
    if paths == ("-",):
        jobs_list = [("-", "-", options)]
    else:
        names = walk_names([str(root) for root in roots], settings, skip=out_dir)
        jobs_list = [(name, relative, options) for name, relative in names]
    if not modes and any(r.is_dir() for r in roots):
        raise click.UsageError("a folder needs -o, -i, --check or --diff")
    if not modes and len(jobs_list) != 1:
        raise click.UsageError("several files need -o, -i, --check or --diff")
    if target >= NATIVE and not quiet:
        click.echo(_nothing_to_rewrite(target), err=True)

    failed = False
    changed = 0
    errors = 0
    outcomes = _run(jobs_list, jobs)
    show_progress = not quiet and not verbose and len(jobs_list) > 20 and sys.stderr.isatty()
    if show_progress:
        bar = click.progressbar(outcomes, length=len(jobs_list), label="fstring-backport", file=sys.stderr)
        outcomes = _with_bar(bar)
    for outcome in outcomes:
        if outcome.error is not None:
            click.echo(outcome.error, err=True)
            failed = True
            errors += 1
            continue
        if check:
            for line, col, message in outcome.problems:
                click.echo("{}:{}:{}: {}".format(outcome.path, line, col, message))
            failed = failed or bool(outcome.problems)
            continue
        changed += outcome.changed
        if verbose:
            click.echo("{}: {}".format(outcome.path, "rewritten" if outcome.changed else "unchanged"), err=True)
            for line, col, message in outcome.problems:
                click.echo("{}:{}:{}: rewritten: {}".format(outcome.path, line, col, message), err=True)
        if diff:
            sys.stdout.write(outcome.diff)
            sys.stdout.flush()
        elif not (in_place or out_dir):
            assert outcome.result is not None
            sys.stdout.buffer.write(outcome.result)
            sys.stdout.buffer.flush()
    if out_dir and copy_files:
        import shutil

        for path, relative in walk(roots, settings, everything=True, skip=out_dir):
            if not path.name.endswith((".py", ".pyi")):
                destination = Path(out_dir) / relative
                destination.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(str(path), str(destination))
    if (in_place or out_dir) and not quiet:
        summary = "{} of {} files rewritten".format(changed, len(jobs_list))
        if errors:
            summary += ", {} failed".format(errors)
        click.echo(summary, err=True)
    sys.exit(1 if failed else 0)


def _nothing_to_rewrite(target: Tuple[int, int]) -> str:
    """Why a target of 3.12 or later changes nothing (see engine.transpile)."""
    if target >= TSTRINGS:
        return (
            "fstring-backport: nothing to rewrite for Python {}.{}: Python 3.14 and later read "
            "3.12 f-strings and t-strings as they are".format(*target)
        )
    return (
        "fstring-backport: nothing to rewrite for Python {}.{}: Python 3.12 and later read 3.12 "
        "f-strings as they are (t-strings are still refused before 3.14)".format(*target)
    )


def _run(jobs_list, jobs: Optional[int]) -> Iterator[_Outcome]:
    """Outcomes in the order of ``jobs_list``, whatever the number of processes.

    The largest files start first, so that no big one is left for the end
    (files differ in size a hundredfold); reports still come in path order.
    With ``--diff`` this process only collects and prints: a diff can be
    larger than a pipe holds, and a worker would wait for it to be read.
    """
    workers = min(jobs or os.cpu_count() or 1, len(jobs_list))
    if workers <= 1 or jobs_list[0][0] == "-":
        yield from map(_process, jobs_list)
        return
    from .parallel import map_in_order

    first = sorted(range(len(jobs_list)), key=lambda i: -_size(jobs_list[i][0]))
    yield from map_in_order(_process, jobs_list, workers, first, caller_works=not jobs_list[0][2].diff)


def _size(name: str) -> int:
    try:
        return os.stat(name).st_size
    except OSError:
        return 0  # the worker reports it


def _with_bar(bar):
    with bar:
        yield from bar


def _write_out(destination: Path, source: Path, result: bytes) -> None:
    if destination.exists() and destination.read_bytes() == result:
        return  # unchanged: keep its mtime
    # A generated tree can be made again: no need to wait for the disk.
    write_atomically(destination, result, mode_from=source, durable=False)


def _diff(name: str, original: bytes, result: bytes) -> str:
    import difflib

    from .source import decode_source

    encoding = decode_source(original, name).encoding
    before = original.decode(encoding).splitlines(keepends=True)
    after = result.decode(encoding).splitlines(keepends=True)
    return "".join(difflib.unified_diff(before, after, name, name))


if __name__ == "__main__":  # pragma: no cover
    main()
