"""``fstring-backport wheel`` (``python -m fstring_backport wheel``): rewrite wheels that any tool built."""

import sys
from pathlib import Path
from typing import Optional, Sequence, Tuple

import click

from ..engine.rules import BY_CODE
from ..engine.targets import OLDEST, parse_target
from ..project.wording import counted
from .command import target_option
from .group import OneLineUsageError

EPILOG = """\b
Examples:
  python -m fstring_backport wheel dist/*.whl                  rewrite in place
  python -m fstring_backport wheel -w wheelhouse dist/*.whl    write to wheelhouse/
  python -m fstring_backport wheel --target 3.9 dist/*.whl     for 3.9 and later
  python -m fstring_backport wheel --ignore FB407 dist/*.whl   ship match statements knowingly

\b
In cibuildwheel (pyproject.toml):
  [tool.cibuildwheel]
  repair-wheel-command = "python -m fstring_backport wheel -w {dest_dir} {wheel}"

\b
Exit status: 0 success, 1 a wheel has sources the target cannot take (it
is left as it was), 2 usage error, or a file that is not a wheel or whose
RECORD does not match it.
"""

# What to do when a wheel holds grammar its target rejects and the tool
# does not lower: the build steps' advice (UNSHIPPABLE_ADVICE), in the
# rewriter's terms.
ADVICE = (
    "fstring-backport does not lower these, and the target rejects them: build the wheel with requires-python "
    "raised to the Python named, write them the older way or lower them with another tool first (see the "
    "documentation's page 'Newer grammar'), or rewrite the wheel knowingly with --ignore FBnnn,..."
)


def _ignore_option(ctx: click.Context, param: click.Parameter, value: Sequence[str]) -> Tuple[str, ...]:
    """``--ignore FB407,FB411``, repeatable, as ruff's; each a rule code."""
    codes = tuple(code.strip() for item in value for code in item.split(",") if code.strip())
    for code in codes:
        if code not in BY_CODE:
            raise OneLineUsageError(
                f"--ignore {code!r} is not a rule code (such as FB407; docs/rules.md lists them)", ctx
            )
    return codes


@click.command(
    context_settings={"help_option_names": ["-h", "--help"]},
    epilog=EPILOG,
    short_help="Rewrite the f-strings and t-strings of built wheels.",
)
@click.argument("wheels", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=str), metavar="WHEEL...")
@click.option(
    "-w",
    "--wheel-dir",
    type=click.Path(file_okay=False, path_type=str),
    metavar="DIR",
    help="Write the wheels to DIR (made if missing), as pip wheel -w and auditwheel repair -w do, "
    "instead of rewriting them in place.",
)
@click.option(
    "--target",
    callback=target_option,
    metavar="VERSION",
    help="Oldest Python the wheel runs on: 3.8, py38, ... "
    "[default: the lower bound of the wheel's Requires-Python, else 3.8]",
)
@click.option(
    "--inline-constants",
    is_flag=True,
    default=False,
    help="Spell constants inline (('%c' % (10,))) instead of binding module-level names.",
)
@click.option(
    "--future-annotations",
    is_flag=True,
    default=False,
    help="Add 'from __future__ import annotations' to each module that has annotations "
    "(code written for 3.14's lazy annotations).",
)
@click.option(
    "--ignore",
    multiple=True,
    callback=_ignore_option,
    metavar="CODES",
    help="Rewrite the wheel even with the newer grammar these rule codes name (FB407: match statements), "
    "which the target rejects and fstring-backport does not lower: it then fails on the older Pythons "
    "it admits.  Comma-separated or repeated: --ignore FB407,FB411.",
)
@click.option("-q", "--quiet", is_flag=True, help="Print errors only.")
def main(
    wheels: Tuple[str, ...],
    wheel_dir: Optional[str],
    target: Optional[Tuple[int, int]],
    inline_constants: bool,
    future_annotations: bool,
    ignore: Tuple[str, ...],
    quiet: bool,
) -> None:
    """Rewrite the f-strings and t-strings of built wheels so that older
    Pythons run them.

    Each wheel's .py and .pyi modules (at its root and under NAME.data/purelib
    or platlib) are transpiled, the copies of the t-string runtime they import
    are added, and RECORD gets their hashes and sizes; every other file is
    copied as it is.  A wheel with nothing to change is left alone (or copied
    to DIR).  The project's [tool.fstring-backport] settings are not in a
    wheel: give --target, --inline-constants, --future-annotations and
    --ignore here.  Sources the target cannot take, and newer grammar it
    rejects that fstring-backport does not lower (a match statement for
    3.8), are reported as WHEEL!PATH:LINE:COL: message, and the wheel is
    left as it was.
    """
    from ..build.common import BuildError
    from ..build.wheel import WheelError

    status = 0
    for name in wheels:
        source = Path(name)
        destination = Path(wheel_dir, source.name) if wheel_dir is not None else source
        try:
            line = _rewrite_one_wheel(
                source, destination, target, inline_constants, future_annotations, ignore, wheel_dir
            )
        except WheelError as exc:
            click.echo(f"fstring-backport: {name}: {exc}", err=True)
            status = 2
        except BuildError as exc:
            for located in exc.located:
                click.echo(located, err=True)
            if exc.advice:
                click.echo(ADVICE, err=True)
            click.echo(f"fstring-backport: {name}: not rewritten: {counted(len(exc.located), 'problem')} in its "
                       "sources", err=True)
            status = max(status, 1)
        else:
            if not quiet:
                click.echo(line, err=True)
    sys.exit(status)


# What a wheel whose Requires-Python allows a Python before OLDEST is told to do.
GIVE_TARGET = "give --target {}.{}".format(*OLDEST)


def _rewrite_one_wheel(
    source: Path,
    destination: Path,
    target: Optional[Tuple[int, int]],
    inline_constants: bool,
    future_annotations: bool,
    ignore: Tuple[str, ...],
    wheel_dir: Optional[str],
) -> str:
    """Rewrite one wheel; the line that says what happened."""
    from ..build.common import BuildStep
    from ..build.wheel import Rewrite, WheelError, WheelFile, rewrite_wheel
    from ..project.settings import Settings, target_of_requires_python

    described = []

    def plan(wheel: WheelFile) -> Rewrite:
        chosen: Optional[Tuple[int, int]] = target
        origin = "--target"
        if chosen is None:
            requires_python = wheel.requires_python()
            try:
                bound = target_of_requires_python(requires_python, "its Requires-Python", GIVE_TARGET)
            except ValueError as exc:
                raise WheelError(str(exc)) from None
            origin = f'Requires-Python "{requires_python}" of the wheel' if bound else "the default"
            chosen = parse_target(bound) if bound else OLDEST
        step = BuildStep(
            Path.cwd(),
            target="{}.{}".format(*chosen),
            inline_constants=inline_constants,
            future_annotations=future_annotations,
            settings=Settings(ignore=ignore),
        )
        rewrite = Rewrite(wheel)
        rewrite.transpile_modules(step, lambda member, module_path: f"{source.name}!{member}")
        described.append(f"for Python {chosen[0]}.{chosen[1]} ({origin})")
        return rewrite

    change = rewrite_wheel(source, destination, plan, durable=wheel_dir is None)
    where = f", written to {destination}" if wheel_dir is not None else ""
    if not change:
        return f"{source}: unchanged {described[0]}{where}"
    added = f", {counted(len(change.added), 'runtime copy')} added" if change.added else ""
    return f"{source}: {counted(len(change.rewritten), 'file')} rewritten {described[0]}{added}{where}"


if __name__ == "__main__":  # pragma: no cover
    main()
