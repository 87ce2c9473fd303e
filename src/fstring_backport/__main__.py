"""``python -m fstring_backport`` is the ``fstring-backport`` command:
``python -m fstring_backport PATHS``, ``... run``, ``... compileall``,
``... repl`` and ``... wheel`` (see cli/__init__.py)."""

from .cli import main

main(prog_name="python -m fstring_backport")
