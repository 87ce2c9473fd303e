"""T-strings through the import hook.

A package that calls ``fstring_backport.install(__name__)`` imports modules
written with 3.14 t-strings on 3.8-3.13: on 3.8-3.11 with their 3.12
f-strings, on 3.12 and 3.13 (where ``install()`` used to do nothing) with
only the t-strings rewritten.  What each interpreter sees is compared with
what the oracle (CPython 3.15) sees running the same files without the hook:
the Templates' parts, and the lines of a traceback raised inside a t-string's
field.

pyenv's 3.12.1 is an early release with f-string bugs; it serves here for
t-strings only (the sample's one f-string reads alike everywhere).
"""

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from fstring_backport.hook import cold_path

from support.pythons import child_environment, interpreter, oracle

HOOKED_HERE = sys.version_info < (3, 14)

MODULE = '''\
"""T-strings, imported through the hook."""

from string.templatelib import Interpolation, Template

name = "Ann"


def greeting(width=6):
    return t"Hi {name!r:>{width}}{"!"}" t' and {f"{"bye"}"}'


def ratio(divisor):
    return t"ratio {1 / divisor}"


def spread(divisor):
    return t"""first line
    {name} then {
        1 / divisor  # a comment
    } done"""


def concatenated(divisor):
    return (t"a {name}"
            t"b {1 / divisor}")


def kind(value):
    return [isinstance(value, Template), isinstance(value, Interpolation)]
'''

# Imports string.templatelib, and is the first module to: its import of the
# runtime comes first, and registers that module.
ANNOTATED = '''\
"""No t-string: only names from string.templatelib."""
import string.templatelib
from string.templatelib import Template


def is_template(value: Template) -> bool:
    return isinstance(value, string.templatelib.Template)
'''

# 3.12 f-strings and no t-string: 3.12 and 3.13 compile it as it is.
FSTRINGS_ONLY = '''\
"""F-strings of 3.12; the \\t' and don't here start no t-string."""
VALUE = f"{"don't"}"
'''

PROBE = textwrap.dedent(
    """\
    import json, sys, traceback
    import tdemo.annotated as annotated
    import tdemo.tmod as m
    import tdemo.fonly as fonly
    from string.templatelib import Interpolation, Template

    def parts(t):
        return [list(t.strings), [[i.value, i.expression, i.conversion, i.format_spec] for i in t.interpolations]]

    out = {"greeting": parts(m.greeting()), "fonly": fonly.VALUE}
    g = m.greeting()
    out["one_class"] = [type(g) is Template, m.Template is Template, annotated.Template is Template]
    out["kind"] = [m.kind(g), m.kind(g.interpolations[0]), annotated.is_template(g)]
    out["module"] = [type(g).__module__, type(g.interpolations[0]).__module__]
    for name in ("ratio", "spread", "concatenated"):
        try:
            getattr(m, name)(0)
        except ZeroDivisionError as error:
            frames = traceback.extract_tb(error.__traceback__)[1:]
            out[name] = [[frame.name, frame.lineno, frame.line] for frame in frames]
    out["engine"] = "fstring_backport.engine.pipeline" in sys.modules
    print(json.dumps(out))
    """
)


def write_project(folder: Path) -> Path:
    """The package ``tdemo`` in ``folder``: it installs the hook for itself."""
    package = folder / "tdemo"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("import fstring_backport\n\nfstring_backport.install(__name__)\n")
    (package / "tmod.py").write_text(MODULE)
    (package / "annotated.py").write_text(ANNOTATED)
    (package / "fonly.py").write_text(FSTRINGS_ONLY)
    return folder


def python(executable: str, script: str, project: Path) -> str:
    result = subprocess.run(
        [executable, "-c", script],
        capture_output=True,
        text=True,
        env=child_environment(project, write_bytecode=True),
        cwd=str(project),
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.fixture(scope="module")
def expected(tmp_path_factory) -> dict:
    """The oracle, 3.15, running the files as they are (install() does nothing there)."""
    seen = json.loads(python(oracle(), PROBE, write_project(tmp_path_factory.mktemp("oracle"))))
    assert not seen.pop("engine")
    return seen


def check(executable: str, project: Path, expected: dict) -> None:
    """Cold, then warm: what ``executable`` sees through the hook is what the oracle sees."""
    cold = json.loads(python(executable, PROBE, project))
    assert cold.pop("engine")  # tmod.py was transpiled
    assert cold == expected
    assert cold["one_class"] == [True, True, True]
    assert cold["module"] == ["string.templatelib", "string.templatelib"]
    assert cold["spread"] == [["spread", 19, "1 / divisor  # a comment"]]
    # Warm: every module from the hook's cache, the engine not even loaded.
    warm = json.loads(python(executable, PROBE, project))
    assert not warm.pop("engine")
    assert warm == cold
    cached = sorted(path.name.split(".")[0] for path in project.rglob("*.pyc") if ".fsbp-" in path.name)
    assert cached == ["annotated", "fonly", "tmod"]  # __init__ comes before install()


def fstrings_only_loads_the_engine(executable: str, project: Path) -> bool:
    """Whether importing fonly.py, which has 3.12 f-strings but no t-string,
    loads the engine (it must before 3.12 only)."""
    script = "import sys, tdemo.fonly; print('fstring_backport.engine.pipeline' in sys.modules)"
    return {"True": True, "False": False}[python(executable, script, project).strip()]


@pytest.mark.skipif(not HOOKED_HERE, reason="3.14+ reads t-strings itself")
def test_tstrings_through_the_hook_here(tmp_path, expected):
    check(sys.executable, write_project(tmp_path / "cached"), expected)
    old_fstrings = sys.version_info < (3, 12)
    assert fstrings_only_loads_the_engine(sys.executable, write_project(tmp_path / "fresh")) is old_fstrings


@pytest.mark.slow
@pytest.mark.parametrize("version", ["3.8", "3.12", "3.13"])
def test_tstrings_through_the_hook_on(tmp_path, expected, version):
    """3.8 lowers f-strings and t-strings; 3.12 (pyenv's 3.12.1) and 3.13
    only t-strings."""
    executable = interpreter(version)
    check(executable, write_project(tmp_path / "cached"), expected)
    assert fstrings_only_loads_the_engine(executable, write_project(tmp_path / "fresh")) is (version == "3.8")


OLD = sys.version_info < (3, 12)


@pytest.mark.parametrize(
    "source, engine",
    [
        (b'x = t"a"\n', True),
        (b"x = (T'a')\n", True),
        (b'x = [tr"a", Rt"b"]\n', True),
        (b"x = {rT'a': tR'b'}\n", True),
        (b"x = \\\n  t'a'\n", True),
        (b"from string.templatelib import Template\n", True),
        (b"import string.templatelib\n", True),
        (b'x = f"{y}"\n', OLD),  # an f-string: 3.12 and 3.13 read it themselves
        (b'x = f"{y!r:>5}"\n', OLD),
        # converted before its spec's fields by 3.13, after them by 3.12
        (b'x = f"{y!r:>{w}}"\n', sys.version_info < (3, 13)),
        (b'x = f"{y!s \\\n :{w}}"\n', sys.version_info < (3, 13)),
        # "{{" after a spec's field: a brace for 3.13, an error for 3.12
        (b'x = f"{y:{w}{{>9}"\n', sys.version_info < (3, 13)),
        (b'x = f"{y:{w}}" + f"{{"\n', sys.version_info < (3, 13)),  # perhaps: the engine looks
        (b"x = \"don't\" + 'can't'\n", False),
        (b'x = t"a"t"b"\n', True),
        (b"x = '\\t'\n", False),
        (b"x = '\\rt'\n", False),
        (b"x = 1\n", False),
        (b"try:\n    pass\nexcept A, B:\n    pass\n", True),
        (b"try:\n    pass\nexcept* A, B:\n    pass\n", True),
        (b"try:\n    pass\nexcept A, \\\n        B:\n    pass\n", True),
        (b"try:\n    pass\nexcept (A, B) as e:\n    pass\nexcept A:\n    pass\n", False),
        (b'"""Doc.\n\nexcept when a, b or c\n"""\n', False),
    ],
)
def test_which_sources_load_the_engine(source, engine):
    """A source that may hold a t-string, names templatelib, or may have an
    ``except A, B:`` clause goes to the engine; one with f-strings only
    before 3.12."""
    assert cold_path._may_need_rewriting(source) is engine
