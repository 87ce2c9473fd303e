"""Run Python 3.12 f-strings on Python 3.8 to 3.11."""

from .engine import transpile
from .errors import TranspileError

__version__ = "0.1.0"

__all__ = ["TranspileError", "transpile", "__version__"]
