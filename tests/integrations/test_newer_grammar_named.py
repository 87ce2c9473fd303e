"""Newer grammar that the tool leaves, met by an older Python at run time:
the SyntaxError CPython raises keeps its file, line and column, and names
the construct and the Python that reads it, whichever way the code came
in (the import hook, ``run``, the pytest plugin, the console,
``fstring_backport.compile``).

Each check runs a real Python 3.8 or 3.11 (and PyPy 3.11) in a process of
its own, and compares the error with the one that Python raises on the
same source without the tool: only the message grows.
"""

import json
import subprocess
import sys

import pytest

from support.hooked import installed_python, pytest_command, python
from support.pythons import child_environment, executable

MATCH = "x = 1\nmatch x:\n    case 1:\n        print('one')\n"
# A type statement is lowered, but in a class body with a comprehension in its value.
TYPE = "x = 1\nclass Shapes:\n    type Alias = [int for _ in ()]\n"
CLASS_BODY_311 = (
    "FB416 type statement in a class body needs Python 3.12 (this is 3.11, and fstring-backport does not lower it)"
)
# (source, the Python that rejects it, the words the tool adds)
CASES = [
    (MATCH, "3.8", "FB407 match statement needs Python 3.10 (this is 3.8, and fstring-backport does not lower it)"),
    (TYPE, "3.11", CLASS_BODY_311),
    (TYPE, "pypy3.11", CLASS_BODY_311),
]

# What compiling the module raises, without the tool and with each way in.
ERRORS = """
import json, subprocess, sys, traceback
import fstring_backport

def error(run):
    try:
        run()
    except SyntaxError as exc:
        return [type(exc).__name__, exc.msg, exc.filename, exc.lineno, exc.offset]
    return None

path = sys.argv[1]
source = open(path).read()
found = {"plain": error(lambda: compile(source, path, "exec"))}
found["compile"] = error(lambda: fstring_backport.compile(source, path, "exec"))
sys.path.insert(0, sys.argv[2])
fstring_backport.install("mod")
found["hook"] = error(lambda: __import__("mod"))
print(json.dumps(found))
"""


@pytest.mark.slow  # other interpreters
@pytest.mark.parametrize("source, python, words", CASES, ids=["match-3.8", "type-3.11", "type-pypy3.11"])
def test_the_error_names_the_construct(tmp_path, source, python, words):
    package = tmp_path / "site"
    (package / "mod").mkdir(parents=True)
    (package / "mod" / "__init__.py").write_text(source)
    path = package / "mod" / "__init__.py"
    exe = executable(python)
    result = subprocess.run(
        [exe, "-c", ERRORS, str(path), str(package)], capture_output=True, text=True, env=child_environment()
    )
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    plain = found.pop("plain")
    assert plain is not None and plain[0] == "SyntaxError"
    for way, error in found.items():
        assert error == [plain[0], f"{plain[1]}: {words}"] + plain[2:], way

    # run: the script itself, and a module it imports, through the hook
    script = tmp_path / "script.py"
    script.write_text(source)
    ran = subprocess.run([exe, "-m", "fstring_backport", "run", str(script)], capture_output=True, text=True,
                         env=child_environment())
    assert ran.returncode == 1
    assert ran.stderr.splitlines()[-1] == f"SyntaxError: {plain[1]}: {words}"
    assert f'File "{script}", line {plain[3]}' in ran.stderr

    # the console: the lines as typed, the error as that Python's console shows it, named
    console = subprocess.run([exe, "-m", "fstring_backport", "repl"], input="\n".join(source.splitlines()[1:]) + "\n\n",
                             capture_output=True, text=True, env=child_environment())
    assert f"SyntaxError: {plain[1]}: {words}" in console.stderr.splitlines()


# A construct this host rejects and the tool leaves (none is left from 3.13
# on: the 3.13 and 3.14 hosts have their newer grammar lowered).
NEWER_THAN_THE_HOST = [
    ((3, 10), MATCH, "FB407 match statement needs Python 3.10"),
    ((3, 12), TYPE, "FB416 type statement in a class body needs Python 3.12"),
    ((3, 13), "def first[T = int](): pass\n", "FB413 type parameter default needs Python 3.13"),
]
NOTHING_LEFT_FROM = max(needs for needs, _, _ in NEWER_THAN_THE_HOST)


@pytest.mark.slow  # pytest in a process of its own
@pytest.mark.skipif(sys.version_info >= NOTHING_LEFT_FROM, reason="this Python reads what the tool leaves")
def test_the_pytest_plugin_and_run_name_it_here(tmp_path):
    # On 3.12 too, where strings are native.
    source, words = next((source, words) for needs, source, words in NEWER_THAN_THE_HOST if sys.version_info < needs)
    host = "{}.{}".format(*sys.version_info[:2])
    named = f"{words} (this is {host}, and fstring-backport does not lower it)"
    (tmp_path / "test_new.py").write_text("def test_it():\n    pass\n" + source)
    result = python(pytest_command(plugin=True) + ["-p", "no:cacheprovider", str(tmp_path)],
                    child_environment(), tmp_path, installed_python())
    assert result.returncode != 0
    assert named in result.stdout, result.stdout

    (tmp_path / "script.py").write_text("import test_new\n")
    ran = python(["-m", "fstring_backport", "run", str(tmp_path / "script.py")], child_environment(), tmp_path,
                 installed_python())
    assert ran.returncode == 1
    assert ran.stderr.splitlines()[-1].endswith(named), ran.stderr
    keywords = ("match", "type", "def")
    line = next(number for number, text in enumerate(source.splitlines(), 3) if text.lstrip().startswith(keywords))
    assert f'File "{tmp_path / "test_new.py"}", line {line}' in ran.stderr


def test_an_error_no_construct_explains_is_left_as_it_is():
    from fstring_backport.engine.pipeline import name_newer_grammar

    source = "match x:\n    case 1:\n        pass\ny = )\n"
    error = SyntaxError("unmatched ')'", ("m.py", 4, 5, "y = )\n"))
    assert name_newer_grammar(error, source, (3, 8)) is error
    assert name_newer_grammar(SyntaxError("invalid syntax", ("m.py", 1, 7, "match x:\n")), source, (3, 10)).msg == (
        "invalid syntax"
    )
