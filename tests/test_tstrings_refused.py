"""T-strings (PEP 750, 3.14) are refused for targets before 3.14, never passed on.

Until they are lowered, a t-string in a file whose target is older than 3.14
raises ``path:line:col: t-strings need Python 3.14 or later`` at its start,
in every way in: the API, the command line, the import hook and the build
step; a t-string inside an f-string too.  For 3.14 and later the file comes
back byte-identical.
"""

import os
import subprocess
import sys
import textwrap

import pytest

from fstring_backport import TranspileError, transpile
from fstring_backport.build_common import BuildError, BuildStep
from fstring_backport.engine.pipeline import find_problems
from fstring_backport.engine.quickcheck import all_fstrings_plain
from fstring_backport.engine.rules import TSTRING

from conftest import PACKAGE_HOME, interpreter

MESSAGE = "t-strings need Python 3.14 or later"
# The t-string of the issue: quote reuse, and f-strings around it that need
# no rewrite (so only the t-string stops the quick check).
SOURCE = 'import sys\nname = f"{sys.version}"\nx = t"{d["k"]}"\n'

CASES = [
    (SOURCE, 3, 5),
    ("x = T'plain'\n", 1, 5),
    ("x = rt'\\d{x}'  # f'{y}'\n", 1, 5),
    ("x = (1,\n     Tr'''\n{x!r:>{w}}''')\n", 2, 6),
    ('x = f"{t"{y}"}"\n', 1, 8),  # in an f-string (was an internal error)
    ('x = f"{d["k"]:{t"{w}"}}"\n', 1, 16),  # in a spec of one that needs a rewrite
    ("s = 'é'; x = t'{s}'\n", 1, 14),  # columns in characters
]


@pytest.mark.parametrize("target", ["3.8", "3.11", "3.12", "3.13"])
@pytest.mark.parametrize("source, line, col", CASES)
def test_refused_before_314(source, line, col, target):
    for given in (source, source.encode("utf-8")):
        with pytest.raises(TranspileError) as info:
            transpile(given, target, filename="m.py")
        assert info.value.located() == f"m.py:{line}:{col}: {MESSAGE}"


@pytest.mark.parametrize("source, line, col", CASES)
def test_the_quick_check_never_passes_a_tstring(source, line, col):
    assert not all_fstrings_plain(source)
    assert not all_fstrings_plain(source.encode("utf-8"))


@pytest.mark.parametrize("target", ["3.14", "3.15", "py316"])
@pytest.mark.parametrize("source, line, col", CASES)
def test_left_alone_from_314(source, line, col, target):
    assert transpile(source, target) is source
    data = source.encode("utf-8")
    assert transpile(data, target) is data


@pytest.mark.parametrize(
    "text",
    [
        "x = 'T' + \"rt\" + '%t'  # t'{x}'\nmode = 'rt'\n",  # t and rt inside strings and comments
        "def f(t):\n    return t\nprint(f('t'), f(\"T\"))\n",
        "x = f'{at}' + f'{t!r}' + f'{y:t}'\n",  # names and specs, not prefixes
    ],
)
def test_no_tstring_no_refusal(text):
    assert all_fstrings_plain(text)
    assert transpile(text, "3.8") is text


def test_check_reports_tstrings_below_314():
    source = 'x = t"{a}"\ny = f"{d["k"]}" + t"{b}"\n'
    problems = find_problems(source, "3.8")
    assert (1, 5, TSTRING) in problems and (2, 19, TSTRING) in problems
    assert any(line == 2 and rule != TSTRING for line, col, rule in problems)  # the f-string too
    assert find_problems(source, "3.12") == [(1, 5, TSTRING), (2, 19, TSTRING)]
    assert find_problems(source, "3.14") == []


def _run(args, cwd, executable=sys.executable, **kwargs):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(cwd), str(PACKAGE_HOME)])
    env.pop("FSTRING_BACKPORT_HOOK", None)
    return subprocess.run(
        [executable] + args,
        cwd=str(cwd),
        env=env,
        capture_output=True,
        text=True,
        **kwargs
    )


def test_command_line(tmp_path):
    (tmp_path / "mod.py").write_text(SOURCE)
    result = _run(["-m", "fstring_backport", "--target", "3.11", "mod.py"], tmp_path)
    assert result.returncode == 1
    assert result.stdout == ""
    assert "mod.py:3:5: " + MESSAGE in result.stderr
    check = _run(["-m", "fstring_backport", "--check", "--target", "3.11", "mod.py"], tmp_path)
    assert check.returncode == 1
    assert "mod.py:3:5: FB301 t-string (needs Python 3.14; target 3.11)" in check.stdout
    same = _run(["-m", "fstring_backport", "--target", "3.14", "mod.py"], tmp_path)
    assert same.returncode == 0, same.stderr
    assert same.stdout == SOURCE


def test_import_hook(tmp_path):
    # The hook is active before 3.12: run a 3.11 when this Python is newer.
    python = sys.executable if sys.version_info < (3, 12) else interpreter("3.11")
    (tmp_path / "tmod.py").write_text(SOURCE)
    script = textwrap.dedent(
        """\
        import fstring_backport
        fstring_backport.install()
        try:
            import tmod
        except SyntaxError as error:
            print(type(error).__name__, error.filename, error.lineno, error.offset, error.msg)
        else:
            print("imported")
        """
    )
    result = _run(["-c", script], tmp_path, python)
    assert result.returncode == 0, result.stderr
    kind, *seen = result.stdout.split(None, 4)
    assert kind in ("SyntaxError", "TranspileError")
    assert seen == [
        str(tmp_path / "tmod.py"),
        "3",
        "5",
        MESSAGE + "\n",
    ]


@pytest.mark.parametrize("target", ["3.8", "3.13"])
def test_build_step(tmp_path, target):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "mod.py").write_text(SOURCE)
    step = BuildStep(tmp_path, target=target)
    assert step.selects("pkg/mod.py")  # 3.12 and 3.13 read the f-strings, not the t-strings
    with pytest.raises(BuildError) as info:
        step.transpile_all([(tmp_path / "pkg" / "mod.py", "pkg/mod.py")])
    assert info.value.located == ["pkg/mod.py:3:5: " + MESSAGE]
