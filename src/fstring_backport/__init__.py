"""Run Python 3.12 f-strings on Python 3.8 to 3.11."""

__version__ = "0.1.0"  # before the hook's import: its cache names use it

from .hook import install, uninstall  # noqa: E402

__all__ = ["TranspileError", "install", "transpile", "uninstall", "__version__"]


def __getattr__(name):
    # The engine loads on first use: a package that only calls install()
    # and finds its modules cached never pays for it.
    if name in ("transpile", "TranspileError"):
        from . import engine

        return getattr(engine, name)
    raise AttributeError("module {!r} has no attribute {!r}".format(__name__, name))
