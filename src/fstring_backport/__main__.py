"""``python -m fstring_backport`` is the ``fstring-backport`` command, plus
``python -m fstring_backport run`` to run 3.12-style code through the hook."""

import sys

if sys.argv[1:2] == ["run"]:
    from .runner import main as run

    sys.exit(run(sys.argv[2:]))
else:
    from .cli import main

    main(prog_name="fstring-backport")
