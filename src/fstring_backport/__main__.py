"""``python -m fstring_backport`` is the ``fstring-backport`` command, plus
``python -m fstring_backport run`` to run 3.12-style code through the hook,
``python -m fstring_backport compileall DIR`` to write the hook's cache,
``python -m fstring_backport repl`` for an interactive console and
``python -m fstring_backport wheel WHEEL...`` to rewrite built wheels."""

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
elif sys.argv[1:2] == ["wheel"]:
    from .cli.wheel import main as wheel

    wheel(sys.argv[2:], prog_name="python -m fstring_backport wheel")
else:
    from .cli.command import main

    main(prog_name="fstring-backport")
