"""Property: random t-strings, lowered for 3.8, build the Templates 3.15 builds.

Hypothesis writes t-strings (``strategies.tstring_case``): every prefix
spelling, nested in one another and in f-strings and the other way round,
quote reuse, debug fields, conversions, specs holding fields, comments and
line breaks in fields, raw literals, implicit concatenation and ``+``, over
values whose ``__format__``, ``__str__`` and ``__repr__`` log their calls.
Python 3.15 runs each original (a batch of cases in one subprocess) and
describes the result: for a Template, its strings and, per interpolation,
the value (described the same way), expression, conversion and format
spec; otherwise its repr; or the exception's type; and the call log.  This
interpreter runs the transpiled module (with fstring_backport.templatelib,
or 3.14's own classes from 3.14 on) and must describe the same.
Nightly size: ``HYPOTHESIS_PROFILE=nightly``.
"""

import sys
import warnings

import pytest
from hypothesis import Phase, event, given, settings
from hypothesis import strategies as st

from fstring_backport import TranspileError, transpile
from fstring_backport.engine.safety import host_reads_fstrings_as_315

from support.pythons import child_environment, interpreter, json_from, oracle
from support.strategies import batches, tstring_case

# pyenv's 3.12.1 has f-string bugs that later releases fixed: the output
# (which keeps plain f-strings) runs on 3.11 there, as in test_property_lowering.
EARLY_312 = sys.version_info >= (3, 12) and not host_reads_fstrings_as_315()

# The same code describes results in python3.15 and here.  A Template is
# recognised by its class's module and name, so that the runtime's classes
# and 3.14's both qualify; a value's repr loses memory addresses.
DESCRIBE = r'''
import re

def describe(value):
    cls = type(value)
    if cls.__module__ == "string.templatelib" and cls.__name__ == "Template":
        return {
            "strings": list(value.strings),
            "interpolations": [
                [describe(i.value), i.expression, i.conversion, i.format_spec] for i in value.interpolations
            ],
        }
    return re.sub(r" at 0x[0-9a-fA-F]+", " at 0x?", repr(value))

def run_case(source):
    namespace = {"__name__": "case"}
    try:
        code = compile(source, "case.py", "exec")
    except (SyntaxError, ValueError):  # 3.15's compiler raises ValueError on some debug fields in specs
        return None
    try:
        exec(code, namespace)
        log = list(namespace["LOG"])  # before describing, which logs reprs too
        return [describe(namespace["RESULT"]), log]
    except Exception as exc:
        return [type(exc).__name__, namespace.get("LOG")]
'''

RUNNER = DESCRIBE + """
import json, sys, warnings
warnings.simplefilter("ignore")  # invalid escapes are only warnings
print(json.dumps([run_case(source) for source in json.load(sys.stdin)]))
"""

_here = {}
exec(DESCRIBE, _here)
run_here = _here["run_case"]


def run_there(python, sources):
    return json_from(python, RUNNER, sources)


def run_lowered(sources):
    """What this interpreter (or, on an early 3.12, python3.11) makes of the lowered sources."""
    if EARLY_312:
        return json_from(interpreter("3.11"), RUNNER, sources, env=child_environment())  # the runtime, for 3.11
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return [run_here(source) for source in sources]


BATCH = 30


# Each example is a batch of cases run by one oracle process; a failing case
# names itself, so shrinking a batch would only cost time.
@settings(
    max_examples=batches(35, 3),
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
@given(st.lists(tstring_case(), min_size=BATCH, max_size=BATCH))
def test_lowered_tstrings_build_what_315_builds(sources):
    expected = run_there(oracle(), sources)
    cases = []  # (original, what 3.15 gives, lowered)
    for source, wanted in zip(sources, expected):
        if wanted is None:
            event("3.15 rejects the case")
            continue
        for inline in (False, True):
            try:
                lowered = transpile(source, (3, 8), inline_constants=inline)
            except TranspileError as exc:
                # Inline, a constant may find no quote left; names spell
                # what quotes cannot (docs/output.md, Limits).
                assert inline and "cannot lower" in exc.msg, (source, exc)
                event("cannot lower")
                continue
            assert lowered.count("\n") == source.count("\n")
            assert transpile(lowered, (3, 8), inline_constants=inline) == lowered, source  # nothing left to lower
            cases.append((source, wanted, lowered))
    assert len(cases) >= BATCH, "most cases must be valid and lowered"
    results = run_lowered([lowered for _, _, lowered in cases])
    for (source, wanted, lowered), got in zip(cases, results):
        assert got == wanted, (source.split("RESULT = ", 1)[1], lowered.split("RESULT = ", 1)[1])


@pytest.mark.skipif(sys.version_info < (3, 14), reason="3.14 and later have their own t-strings")
def test_lowered_tstrings_make_the_interpreters_own_templates_from_314():
    namespace = {}
    exec(transpile('"""A module."""\nx = t"a{1!r:>{2}}"\n', (3, 8)), namespace)
    native = eval('t"a{1!r:>{2}}"')  # 3.14 syntax, compiled on 3.14+ only
    assert type(namespace["x"]) is type(native)
    assert type(namespace["x"].interpolations[0]) is type(native.interpolations[0])
    assert repr(namespace["x"]) == repr(native)
