"""Tests of a hooked package: plain Python 3.8 syntax, as test files must be.

The hook is installed by hookdemo/__init__.py, so importing the package is
all it takes; pytest's own import hook rewrites this file's asserts.
"""

import hookdemo.comments
import hookdemo.escapes
import hookdemo.quotes
import hookdemo.sub.nested


def test_quotes():
    assert hookdemo.quotes.VALUES[0] == "demo"
    assert hookdemo.quotes.VALUES[1] == "  'demo'"


def test_escapes():
    assert hookdemo.escapes.VALUES[0] == "one\ntwo"


def test_comments():
    assert hookdemo.comments.VALUES[:2] == ["6", "4"]
    assert hookdemo.comments.ratio(8) == "0.38"


def test_nested():
    assert hookdemo.sub.nested.VALUES[0] == "5"
