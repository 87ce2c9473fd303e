"""``python -m fstring_backport`` is the ``fstring-backport`` command, plus
``python -m fstring_backport run`` to run 3.12-style code through the hook,
``python -m fstring_backport compileall DIR`` to write the hook's cache and
``python -m fstring_backport repl`` for an interactive console."""

import sys

if sys.argv[1:2] == ["run"]:
    from .hook.run import main as run

    sys.exit(run(sys.argv[2:]))
elif sys.argv[1:2] == ["compileall"]:
    from .hook.compileall import main as compileall

    sys.exit(compileall(sys.argv[2:]))
elif sys.argv[1:2] == ["repl"]:
    from .integrations.console import main as repl

    sys.exit(repl(sys.argv[2:]))
else:
    from .cli.command import main

    main(prog_name="fstring-backport")
