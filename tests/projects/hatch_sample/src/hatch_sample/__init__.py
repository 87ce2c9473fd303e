"""A library written with Python 3.12 f-strings."""

from hatch_sample import core, greetings, plain, report
from hatch_sample.sub import nested

SONG = {"title": "Blue", "artist": "Ann"}
HEADLINE = f"{SONG["title"]} by {SONG["artist"]}"


def values():
    """Everything the package computes, in order."""
    return [HEADLINE, *greetings.values(), *report.values(), *nested.values(), plain.count(2), *core.values()]
