"""The import hook's cold path and commands.

The warm path (the finder, the loader that reads cached bytecode) lives in
the package's own ``__init__``, which every hooked start imports; what is
here loads only when a module must be transpiled, or for ``run`` and
``compileall``."""
