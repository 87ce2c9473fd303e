"""``fstring_backport.compile``: the built-in ``compile`` for 3.12 f-strings and 3.14 t-strings.

Code that compiles strings (templating engines, notebooks, test harnesses,
the REPL) gets a code object as from the built-in, for the running Python.
Nothing is added to the namespace the code runs in: constants are spelled
inline, and a t-string calls the runtime's ``build`` through the builtin
``_fstring_backport_build``, put there on first need (``eval`` mode cannot
import).
"""

import __future__

import builtins
import os
import sys
from typing import Any, TypeVar, Union

from ..engine.errors import TranspileError
from ..engine.pipeline import name_newer_grammar, transpile
from ..engine.targets import NEWEST_GRAMMAR
from ..engine.templates import BUILTIN

# The compiler flags that carry future statements (what compile() inherits).
_FUTURE_FLAGS = 0
for _feature in __future__.all_feature_names:
    _FUTURE_FLAGS |= getattr(__future__, _feature).compiler_flag

_HERE = sys.version_info[:2]
AnySource = TypeVar("AnySource", str, bytes)


def compile(
    source: Union[str, bytes, Any],
    filename: Union[str, bytes, Any],
    mode: str,
    flags: int = 0,
    dont_inherit: bool = False,
    optimize: int = -1,
) -> Any:
    """As the built-in ``compile``, for source in 3.12+/3.14 syntax.

    ``source`` may be ``str``, ``bytes`` or an AST object (passed on as it
    is).  Errors are ``SyntaxError`` (or ``IndentationError``) in CPython
    3.15's words.  As the built-in does, the future statements of the calling code
    are inherited unless ``dont_inherit`` is true.
    """
    if not dont_inherit:
        flags |= sys._getframe(1).f_code.co_flags & _FUTURE_FLAGS
    if isinstance(source, (str, bytes)) and mode in ("exec", "eval", "single"):
        name = filename if isinstance(filename, str) else _decoded(filename)
        source = lower(source, name) if isinstance(source, str) else lower(source, name)
        try:
            return builtins.compile(source, filename, mode, flags, True, optimize)
        except SyntaxError as error:
            raise name_newer_grammar(error, source) from None
    return builtins.compile(source, filename, mode, flags, True, optimize)


def lower(source: AnySource, filename: str) -> AnySource:
    """``source`` transpiled for the running Python, adding no names to the
    namespace it will run in (see the module's docstring)."""
    if _HERE >= NEWEST_GRAMMAR:
        return source
    try:
        lowered = transpile(source, _HERE, filename, inline_constants=True, runtime="")
    except TranspileError as error:
        raise error.builtin() from None  # as the built-in compile would raise it
    if lowered is not source and (BUILTIN if isinstance(lowered, str) else BUILTIN.encode()) in lowered:
        _provide_builtin()
    return lowered


def _decoded(filename: Any) -> str:
    """The file name to show in errors, from bytes or a path-like."""
    try:
        return os.fsdecode(filename)
    except TypeError:
        return str(filename)


def _provide_builtin() -> None:
    if not hasattr(builtins, BUILTIN):
        from ..templatelib import build

        setattr(builtins, BUILTIN, build)


__all__ = ["compile", "lower"]
