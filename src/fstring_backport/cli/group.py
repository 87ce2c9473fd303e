"""The commands beside ``fstring-backport PATHS``: ``run``, ``compileall``,
``repl`` and ``wheel``, one click group.

The group is the ``fstring-backport`` command itself (cli/command.py): its
options and PATHS when the first argument is anything but a command's name,
that command otherwise.  A file named as a command is reached as ``./wheel``.
The commands are imported when they run (or ``--help`` lists them): PATHS
imports none of them.  A plain ``run`` never gets here (cli/__init__.py).
"""

import importlib
from typing import IO, Any, Dict, List, Optional

import click

# Each command's click object, as "module:attribute".
COMMANDS: Dict[str, str] = {
    "compileall": "fstring_backport.cli.subcommands:compileall",
    "repl": "fstring_backport.cli.subcommands:repl",
    "run": "fstring_backport.cli.subcommands:run",
    "wheel": "fstring_backport.cli.wheel:main",
}


class PathsOrCommand(click.Group):
    """A command of its own (options and PATHS) that also holds commands,
    chosen by the first argument alone; ``--help`` lists them."""

    # Its own arguments parse as a plain command's: options anywhere, no extra arguments.
    allow_interspersed_args = True
    allow_extra_args = False

    def list_commands(self, ctx: click.Context) -> List[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> Optional[click.Command]:
        if cmd_name not in COMMANDS:
            return None
        module, attribute = COMMANDS[cmd_name].split(":")
        command: click.Command = getattr(importlib.import_module(module), attribute)
        return command

    def parse_args(self, ctx: click.Context, args: List[str]) -> List[str]:
        if args and args[0] in COMMANDS:
            # Kept for invoke: the command's name, then its arguments.
            ctx.args = list(args)
            return ctx.args
        return click.Command.parse_args(self, ctx, args)

    def invoke(self, ctx: click.Context) -> Any:
        if not ctx.args:
            return click.Command.invoke(self, ctx)
        name, *rest = ctx.args
        ctx.args = []
        command = self.get_command(ctx, name)
        assert command is not None  # parse_args saw its name
        # A context of its own, not a child of this one: its usage line
        # would show PATHS between the program and the command's name.
        with command.make_context(f"{ctx.info_name} {name}", rest) as command_context:
            return command.invoke(command_context)

    def collect_usage_pieces(self, ctx: click.Context) -> List[str]:
        # The usage line of PATHS; the commands have their own.
        return click.Command.collect_usage_pieces(self, ctx)


class OneLineUsageError(click.UsageError):
    """A usage error told in one line, as a bad setting is."""

    def show(self, file: Optional[IO[Any]] = None) -> None:
        click.echo(f"fstring-backport: {self.format_message()}", err=True)
