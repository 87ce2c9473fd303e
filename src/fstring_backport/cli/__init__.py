"""The command line: ``fstring-backport`` (and ``python -m fstring_backport``).

One click command (cli/command.py) with its commands beside it
(cli/group.py).  :func:`main` is where both start: a plain ``run`` goes
straight to the import hook, and a plain ``repl`` to the console, without
importing click or the command line, so that a script run under the hook
starts as fast as the hook allows, and neither needs more than the hook.
"""

import sys
from typing import Optional, Sequence


def main(args: Optional[Sequence[str]] = None, prog_name: Optional[str] = None) -> None:
    """Run the command line ``args`` (``sys.argv[1:]`` by default) and exit;
    ``prog_name`` names the program in usage lines."""
    arguments = sys.argv[1:] if args is None else list(args)
    if arguments[:1] == ["run"] and plain_run(arguments[1:]):
        from ..hook.run import main as run

        sys.exit(run(arguments[1:]))
    if arguments[:1] == ["repl"] and arguments[1:] in ([], ["-q"]):
        from ..integrations.console import main as console

        sys.exit(console(arguments[1:] == ["-q"]))
    from .command import main as command

    command.main(arguments, prog_name=prog_name)


def plain_run(arguments: Sequence[str]) -> bool:
    """Does ``run`` read ``arguments`` as they are: a script first, or -m
    and a module (no option of its own, no ``--``)?  The click command
    (cli/subcommands.py) would hand the hook the same list."""
    if not arguments:
        return False
    first = arguments[0]
    if first == "-m":
        return len(arguments) > 1 and not arguments[1].startswith("-")
    return first == "-" or not first.startswith("-")
