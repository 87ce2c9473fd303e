"""CPython 3.15's own t-string tests, transpiled for 3.8, run on this Python.

The suites are ``test/test_tstring.py`` and ``test/test_string/`` (its
``test_templatelib.py`` and the helper ``_support.py``) of the python3.15
on PATH (Debian's libpython3.15-testsuite).  Like
``test_cpython_fstring_suite.py``: python3.15 runs the originals, which
must all pass there; this Python runs them transpiled for 3.8, with
``fstring_backport.templatelib`` standing in for ``string.templatelib``
before 3.14.  From 3.14 on every test passes.  Before, every test passes
except those named in ``RUNTIME_COMPILE``: each compiles t-string source
from a string at run time (``eval``, ``exec`` or a child interpreter),
which tests the running interpreter itself; no source transpiler can change
what it accepts or the messages it gives.  (``test_conversions`` evals
``t'{num!z}'`` too, but only expects a SyntaxError, which every Python
gives; it passes.)

The copies are laid out as in the standard library, in a folder put first
on the ``test`` package's ``__path__``, so that the suites' own imports
(``from test.test_string._support import ...``) find them.

``_support.py`` uses ``match`` and ``zip(strict=True)``, both 3.10+: on 3.8
and 3.9 the suites run with ``SUPPORT_BEFORE_310`` in its place (see there),
so every test still runs there.  Older ``test.support`` packages lack a few
names the suites read; the loader adds them (see ``_LOADER``).
"""

import sys

import pytest

from fstring_backport import transpile

from support.cpython_suites import run_suite
from support.pythons import child_environment, oracle, stdlib_dir

pytestmark = pytest.mark.slow  # CPython's own t-string tests, through python3.15

NATIVE = sys.version_info >= (3, 14)
PYPY = sys.implementation.name == "pypy"

RUNTIME_COMPILE = {
    "test_expression_in_interactive_after_buffer_resize": "an interactive child interpreter fed t-string source",
    "test_interpolation_expression_in_file_after_buffer_resize": "a child interpreter running a t-string script",
    "test_literal_concatenation": "3.14+ error messages ('cannot mix t-string literals ...') from eval()",
    "test_many_tstrings_in_module": "exec() of t-string source",
    "test_runtime_errors": "eval() of a t-string, expected to raise NameError, not SyntaxError",
    "test_syntax_errors": "3.14+ error messages from eval() of t-string source",
}

# test/test_string/_support.py of 3.15 without its 3.10+ syntax, for 3.8 and 3.9.
SUPPORT_BEFORE_310 = '''"""3.15's test/test_string/_support.py written for 3.8 and 3.9.

The original uses a match statement and zip(strict=True), which these
versions cannot compile or call.  Here fstring() tests with isinstance and
unpacks the four fields where the original matches the class pattern
Interpolation(value, _, conversion, format_spec), and assertTStringEqual
zips without strict=: it has just asserted that the lengths are equal.
Everything else is as in the original.
"""
from string.templatelib import Interpolation


class TStringBaseCase:
    def assertInterpolationEqual(self, i, exp):
        if len(exp) == 4:
            actual = (i.value, i.expression, i.conversion, i.format_spec)
            self.assertEqual(actual, exp)
        elif len(exp) == 3:
            self.assertEqual((i.value, i.expression, i.conversion), exp)
            self.assertEqual(i.format_spec, "")
        elif len(exp) == 2:
            self.assertEqual((i.value, i.expression), exp)
            self.assertEqual(i.conversion, None)
            self.assertEqual(i.format_spec, "")
        elif len(exp) == 1:
            self.assertEqual((i.value,), exp)
            self.assertEqual(i.expression, "")
            self.assertEqual(i.conversion, None)
            self.assertEqual(i.format_spec, "")

    def assertTStringEqual(self, t, strings, interpolations):
        self.assertEqual(t.strings, strings)
        self.assertEqual(len(t.interpolations), len(interpolations))

        for i, exp in zip(t.interpolations, interpolations):
            self.assertInterpolationEqual(i, exp)


def convert(value, conversion):
    if conversion == "a":
        return ascii(value)
    elif conversion == "r":
        return repr(value)
    elif conversion == "s":
        return str(value)
    return value


def fstring(template):
    parts = []
    for item in template:
        if isinstance(item, str):
            parts.append(item)
        elif isinstance(item, Interpolation):
            value, _, conversion, format_spec = item.value, item.expression, item.conversion, item.format_spec
            value = convert(value, conversion)
            value = format(value, format_spec)
            parts.append(value)
    return "".join(parts)
'''

MODULES = ("test.test_tstring", "test.test_string.test_templatelib")
FILES = ("test_tstring.py", "test_string/__init__.py", "test_string/_support.py", "test_string/test_templatelib.py")

# Loads the suites for support.cpython_suites.run_suite, with the folder
# given first on test.__path__.  Older test.support packages lack names the
# suites read: requires_subprocess (3.11), SHORT_TIMEOUT (3.9) and the
# os_helper module (3.10; temp_cwd was in test.support itself).  PyPy's
# needs _testcapi only for a name it can do without.
_LOADER = """
import json, sys, types, unittest
if sys.implementation.name == "pypy":
    sys.modules.setdefault("_testcapi", None)  # Debian ships it without its C source
import test, test.support
test.__path__.insert(0, sys.argv[1])
if not hasattr(test.support, "requires_subprocess"):
    test.support.requires_subprocess = lambda: (lambda f: f)
if not hasattr(test.support, "SHORT_TIMEOUT"):
    test.support.SHORT_TIMEOUT = 30.0
try:
    import test.support.os_helper
except ImportError:
    os_helper = types.ModuleType("test.support.os_helper")
    os_helper.temp_cwd = test.support.temp_cwd
    sys.modules["test.support.os_helper"] = test.support.os_helper = os_helper
suite = unittest.defaultTestLoader.loadTestsFromNames(sys.argv[2:])
"""


def run_suites(python, folder, env=None):
    return run_suite(python, _LOADER, folder, [str(folder), *MODULES], env)


def write_suites(folder, lowered):
    """The suites under ``folder``, as 3.15 has them or transpiled for 3.8."""
    root = stdlib_dir("3.15") / "test"
    (folder / "test_string").mkdir(parents=True)
    for name in FILES:
        source = (root / name).read_bytes()
        if lowered:
            if name.endswith("_support.py") and sys.version_info < (3, 10):
                source = SUPPORT_BEFORE_310.encode()
            source = transpile(source, (3, 8), filename=name)
        (folder / name).write_bytes(source)


_NATIVE = {}


def native_run(tmp_path):
    """What python3.15 makes of the originals (once per session)."""
    if not _NATIVE:
        folder = tmp_path / "native"
        write_suites(folder, lowered=False)
        _NATIVE["run"] = run_suites(oracle(), folder)
    return _NATIVE["run"]


def test_cpython_315_tstring_suites(tmp_path):
    native_ran, native_failed, output = native_run(tmp_path)
    assert native_failed == set(), output
    assert len(native_ran) >= 30
    assert set(RUNTIME_COMPILE) <= native_ran

    folder = tmp_path / "lowered"
    write_suites(folder, lowered=True)
    ran, failed, output = run_suites(sys.executable, folder, child_environment())  # the t-string runtime
    assert ran == native_ran, output
    expected = set() if NATIVE else set(RUNTIME_COMPILE)
    # Each named test still fails for its reason; if one passes, the list is stale.
    assert failed == expected, output
    assert len(ran - failed) == len(native_ran) - len(expected)
