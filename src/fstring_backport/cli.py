"""The ``fstring-backport`` command: a thin shell around :func:`transpile`."""

import sys

import click

from . import __version__
from .engine import parse_target, transpile
from .errors import TranspileError


def _target(ctx: click.Context, param: click.Parameter, value: str):
    try:
        return parse_target(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc), ctx=ctx, param=param)


@click.command(
    context_settings={"help_option_names": ["-h", "--help"]},
    epilog="Example: fstring-backport --target 3.8 examples/greeting.py",
)
@click.version_option(__version__, prog_name="fstring-backport")
@click.option(
    "--target",
    default="3.8",
    show_default=True,
    callback=_target,
    help="Oldest Python the output must run on (3.8, py38, ...).",
)
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
def main(target, file: str) -> None:
    """Print FILE rewritten so that Python TARGET accepts its f-strings.

    FILE may be - for standard input.  Bad input is reported as
    FILE:LINE:COL: message on standard error, with exit status 1.
    """
    name = "<stdin>" if file == "-" else file
    try:
        if file == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(file, "rb") as handle:
                data = handle.read()
    except OSError as exc:
        click.echo("{}:1:1: {}".format(name, exc.strerror or exc), err=True)
        sys.exit(1)
    try:
        result = transpile(data, target, filename=name)
    except TranspileError as exc:
        click.echo(exc.located(), err=True)
        sys.exit(1)
    out = sys.stdout.buffer
    out.write(result)
    out.flush()


if __name__ == "__main__":  # pragma: no cover
    main()
