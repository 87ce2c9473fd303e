"""The command line: ``fstring-backport`` (and ``python -m fstring_backport``)."""
