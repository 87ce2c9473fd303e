"""A helper package: its modules have 3.12 f-strings too."""

from shop.till import receipt

__all__ = ["receipt"]
