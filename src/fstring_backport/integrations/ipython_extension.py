"""``%load_ext fstring_backport``: IPython cells in 3.12 f-string and 3.14 t-string syntax.

IPython parses each cell, after its own transforms (magics, ``!`` commands),
with ``shell.compile.ast_parse``; the extension puts :func:`dynamic.lower`
in front of it.  The cell's own text stays in ``linecache``, so tracebacks
show the lines as typed, with their numbers; a syntax error is shown as
IPython shows one, in CPython 3.15's words.  Magics that parse code through
the same method (``%timeit``, ``%time``) are covered too.
"""

from typing import Any, Callable, Dict

from .compile import lower

# The shells this extension is loaded in, with the method it replaced.
_REPLACED: Dict[int, Callable[..., Any]] = {}


def load_ipython_extension(shell: Any) -> None:
    compiler = shell.compile
    if id(compiler) in _REPLACED:
        return  # loaded twice: once is enough
    original = compiler.ast_parse

    def ast_parse(source: str, filename: str = "<unknown>", symbol: str = "exec") -> Any:
        return original(lower(source, filename), filename, symbol)

    _REPLACED[id(compiler)] = original
    compiler.ast_parse = ast_parse


def unload_ipython_extension(shell: Any) -> None:
    compiler = shell.compile
    original = _REPLACED.pop(id(compiler), None)
    if original is not None:
        del compiler.ast_parse  # the class's method again
