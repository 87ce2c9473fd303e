"""``python -m fstring_backport`` is the ``fstring-backport`` command."""

from .cli import main

main(prog_name="fstring-backport")
