"""``fstring-backport run``, ``compileall`` and ``repl``: their command lines.

The work is the hook's and the console's, imported when a command runs.
``run`` is usually not parsed here at all: the command line's start
(cli/__init__.py) hands a plain ``run SCRIPT ...`` or ``run -m MODULE ...``
straight to the hook without importing click; what it hands over is what
this command would read.
"""

import re
import sys
from typing import List, Optional, Pattern, Tuple

import click

from .group import OneLineUsageError

HELP_OPTIONS = {"help_option_names": ["-h", "--help"]}


class _RunCommand(click.Command):
    """``run``, whose usage has two forms."""

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        formatter.write_usage(ctx.command_path, "SCRIPT [ARG ...]", "Usage: ")
        formatter.write_usage(ctx.command_path, "-m MODULE [ARG ...]", "       ")


@click.command(
    cls=_RunCommand,
    # Everything from SCRIPT (or -m MODULE) on is the program's, options too.
    context_settings={**HELP_OPTIONS, "ignore_unknown_options": True, "allow_interspersed_args": False},
    short_help="Run a script or module written with 3.12 f-strings.",
)
@click.argument("arguments", nargs=-1, type=click.UNPROCESSED)
def run(arguments: Tuple[str, ...]) -> None:
    """Run a script or module written with Python 3.12 f-strings,
    transpiling it and every module it imports for the running Python.

    Everything after SCRIPT, or -m MODULE, goes to it untouched, in
    sys.argv, as under python itself.
    """
    if not arguments:
        raise click.UsageError("a SCRIPT or -m MODULE to run is needed")
    if arguments == ("-m",):
        raise click.UsageError("-m needs a module name")
    from ..hook.run import main

    sys.exit(main(list(arguments)))


def _regular_expression(ctx: click.Context, param: click.Parameter, value: Optional[str]) -> Optional[Pattern[str]]:
    if value is None:
        return None
    try:
        return re.compile(value)
    except re.error as exc:
        raise click.BadParameter(f"bad regular expression: {exc}", ctx, param) from None


@click.command(context_settings=HELP_OPTIONS, short_help="Write the import hook's bytecode cache ahead of time.")
@click.argument("paths", nargs=-1, required=True, metavar="FILE|DIR...")
@click.option("-l", "no_recursion", is_flag=True, help="Don't recurse into subdirectories.")
@click.option("-f", "force", is_flag=True, help="Rebuild even if the cache is up to date.")
@click.option("-q", "quiet", count=True, help="Errors only; -qq: not even those.")
@click.option(
    "-x", "skip", metavar="REGEXP", callback=_regular_expression, help="Skip files whose path this matches (re.search)."
)
def compileall(
    paths: Tuple[str, ...], no_recursion: bool, force: bool, quiet: int, skip: Optional[Pattern[str]]
) -> None:
    """Write the import hook's bytecode cache for every .py file under the
    folders given (FILE|DIR: files, and folders to walk), as python -m
    compileall writes Python's own.

    The cache is for the Python and optimisation level that run the
    command (python -O for -O).
    """
    from ..hook.compileall import compile_all

    sys.exit(compile_all(paths, not no_recursion, force, quiet, skip))


class _ReplCommand(click.Command):
    """``repl``, whose usage errors are one line."""

    def parse_args(self, ctx: click.Context, args: List[str]) -> List[str]:
        rest = super().parse_args(ctx, args)
        if rest:
            what = "option" if rest[0].startswith("-") else "argument"
            raise OneLineUsageError(f"repl: unknown {what} {rest[0]!r} (see -h)", ctx)
        return rest


@click.command(
    cls=_ReplCommand,
    options_metavar="[-q]",
    # Unknown options and arguments are left over for parse_args to name.
    context_settings={**HELP_OPTIONS, "ignore_unknown_options": True, "allow_extra_args": True},
    short_help="An interactive console that takes 3.12 f-strings.",
)
@click.option("-q", "quiet", is_flag=True, help="Don't print version and copyright messages.")
def repl(quiet: bool) -> None:
    """An interactive console, as python -m code, that takes Python 3.12
    f-strings and 3.14 t-strings on this Python."""
    from ..integrations.console import main

    sys.exit(main(quiet))
