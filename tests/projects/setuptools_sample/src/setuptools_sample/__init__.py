"""A library written with Python 3.12 f-strings, built by setuptools."""

from setuptools_sample import core, formatting
from setuptools_sample.sub import deep

INVENTORY = {"apples": 3, "pears": 0}


def values():
    """Everything the package computes, in order."""
    summary = f"{INVENTORY["apples"]} apples, {INVENTORY["pears"]} pears"
    return [summary, *formatting.values(), *deep.values(), *core.values()]
