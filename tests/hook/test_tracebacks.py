"""Tracebacks under the runner and the hook: the user's frames only.

Each check runs a small program through ``python -m fstring_backport run``
with the interpreter under test, and the original with the oracle
(``conftest.oracle``, the newest CPython), and compares what they print on
stderr.  What the two interpreters must print differently is normalised
away, and nothing else:

* the position markers under a source line (``^^^^``, ``~~^~~``), which
  older interpreters print less often or not at all, and which under a
  SyntaxError's line only grow from one ``^`` to a range;
* frames of the interpreter's own modules (runpy, which ``python -m`` and
  ``python folder`` show): the same function, at the interpreter's own file
  and line;
* before 3.13, the source lines of modules in a zip archive, which
  CPython's own excepthook did not show.
"""

import os
import re
import sys
import sysconfig
import textwrap
import zipfile
from pathlib import Path
from typing import Dict, List, Optional

import pytest

from support.hooked import python
from support.pythons import child_environment, oracle

HOOKED = sys.version_info < (3, 12)

HELPER = textwrap.dedent(
    """\
    def descend(depth):
        if depth:
            return descend(depth - 1)
        raise ValueError(f"{"bottom"} reached at {depth:>{len("ab")}}")
    """
)

APP = textwrap.dedent(
    """\
    import helper


    def outer():
        return helper.descend(2)


    print(f"{"starting"}")
    outer()
    """
)

CHAINED = textwrap.dedent(
    """\
    def parse(text):
        try:
            return int(text)
        except ValueError as error:
            raise RuntimeError(f"{"cannot parse"} {text!r}") from error


    def settle():
        try:
            parse("x")
        except RuntimeError:
            {}[f"{"missing"}"]


    settle()
    """
)

CUSTOM_HOOK = textwrap.dedent(
    """\
    import sys


    def hook(kind, value, traceback):
        print(f"{"custom hook"}: {kind.__name__}: {value}", file=sys.stderr)
        sys.__excepthook__(kind, value, traceback)


    sys.excepthook = hook


    def fail():
        raise LookupError(f"{"nothing here"}")


    fail()
    """
)

FAILING_HOOK = textwrap.dedent(
    """\
    import sys


    def hook(kind, value, traceback):
        raise TypeError(f"{"the hook"} fails")


    sys.excepthook = hook
    raise LookupError(f"{"original"}")
    """
)

IMPORTER = textwrap.dedent(
    """\
    def load():
        import broken


    load()
    """
)

BROKEN = 'value = 1\nmessage = f"{value!}"\n'


def write(folder: Path, files: Dict[str, str]) -> Path:
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return folder


_FRAME = re.compile(r'^  File "(?P<file>[^"]*)", line (?P<line>\d+)(?P<rest>.*)$')
_MARKERS = re.compile(r"^ *[\^~]+ *$")


def _interpreter_module(filename: str) -> Optional[str]:
    """The module of the interpreter's own named by a frame's file, if any:
    ``<frozen runpy>``, PyPy's ``<builtin>/frozen runpy``, or a file of the
    standard library of the interpreter under test."""
    match = re.match(r"^(?:<builtin>/)?<?frozen ([\w.]+)>?$", filename)
    if match:
        return match.group(1)
    stdlib = sysconfig.get_paths()["stdlib"] + os.sep
    if filename.startswith(stdlib) and filename.endswith(".py"):
        return filename[len(stdlib) : -len(".py")].replace(os.sep, ".")
    return None


# CPython's own excepthook reads a frame's source from its file, not through
# its loader, until 3.13: it shows no line of a module in a zip archive.
ZIPPED_SOURCE_SHOWN = sys.version_info >= (3, 13) or sys.implementation.name != "cpython"


def normalised(stderr: str, drop_modules=()) -> List[str]:
    """The lines of a printed traceback, with the differences the two
    interpreters cannot avoid taken out (see the module's docstring)."""
    lines = []  # type: List[str]
    in_frame = in_interpreter = False
    for line in stderr.splitlines():
        frame = _FRAME.match(line)
        if frame:
            module = _interpreter_module(frame.group("file"))
            in_frame = frame.group("rest").startswith(", in ")
            in_interpreter = module is not None or (
                not ZIPPED_SOURCE_SHOWN and ".zip" + os.sep in frame.group("file")
            )
            if module in drop_modules:
                continue
            if module is not None:
                line = "  File <{}>{}".format(module, frame.group("rest"))
            lines.append(line)
            continue
        if line.startswith("    "):
            if in_interpreter:
                continue  # the interpreter's own source, where it has it
            if _MARKERS.match(line):
                if in_frame:
                    continue
                line = re.sub(r"\^+", "^", line.rstrip())
            lines.append(line)
            continue
        in_frame = in_interpreter = False
        lines.append(line)
    return lines


def run_both(folder: Path, args: List[str], path: Optional[Path] = None):
    """Ours (``run`` with the interpreter under test) and the oracle's run
    of ``args`` in ``folder``, with ``path`` on PYTHONPATH if given."""
    ours = python(
        ["-m", "fstring_backport", "run"] + args,
        child_environment(*([path] if path else [])),
        folder,
    )
    oracle_env = dict(os.environ)
    oracle_env.pop("PYTHONPATH", None)
    if path:
        oracle_env["PYTHONPATH"] = str(path)
    expected = python(args, oracle_env, folder, oracle())
    return ours, expected


def assert_same(ours, expected, drop_modules=()) -> None:
    assert "Traceback" in expected.stderr or "Error" in expected.stderr, expected.stderr
    assert normalised(ours.stderr, drop_modules) == normalised(expected.stderr, drop_modules), (
        "ours:\n" + ours.stderr + "\noracle:\n" + expected.stderr
    )
    assert "fstring_backport" not in ours.stderr
    assert ours.returncode == expected.returncode
    assert ours.stdout == expected.stdout


def test_a_script_shows_only_its_own_frames(tmp_path):
    folder = write(tmp_path, {"app.py": APP, "helper.py": HELPER})
    ours, expected = run_both(folder, ["app.py"])
    assert expected.returncode == 1
    assert_same(ours, expected)
    assert ours.stderr.splitlines()[1] == '  File "{}", line 9, in <module>'.format(
        folder / "app.py"
    )


def test_chained_exceptions_keep_their_chains(tmp_path):
    folder = write(tmp_path, {"chained.py": CHAINED})
    ours, expected = run_both(folder, ["chained.py"])
    assert "The above exception was the direct cause" in expected.stderr
    assert "During handling of the above exception" in expected.stderr
    assert_same(ours, expected)


@pytest.mark.parametrize(
    "source, shown",
    [
        (CUSTOM_HOOK, "custom hook: LookupError: nothing here"),  # it prints the error
        (FAILING_HOOK, "Error in sys.excepthook:"),  # it fails: reported with the original
    ],
    ids=["custom", "failing"],
)
def test_an_excepthook_sees_the_error_as_python_gives_it(tmp_path, source, shown):
    folder = write(tmp_path, {"hooked.py": source})
    ours, expected = run_both(folder, ["hooked.py"])
    assert shown in expected.stderr
    assert_same(ours, expected)


def test_a_module_run_with_dash_m(tmp_path):
    folder = write(
        tmp_path,
        {"tool/__init__.py": "", "tool/__main__.py": "from tool import helper\nhelper.descend(1)\n",
         "tool/helper.py": HELPER},
    )
    ours, expected = run_both(folder, ["-m", "tool"])
    assert_same(ours, expected)


def test_a_folder_and_a_zip_archive_with_a_main_module(tmp_path):
    folder = write(tmp_path / "app", {"__main__.py": APP, "helper.py": HELPER})
    ours, expected = run_both(tmp_path, ["app"])
    assert_same(ours, expected)
    archive = tmp_path / "app.zip"
    with zipfile.ZipFile(str(archive), "w") as bundle:
        for name in ("__main__.py", "helper.py"):
            bundle.write(str(folder / name), name)
    ours, expected = run_both(tmp_path, ["app.zip"])
    assert_same(ours, expected)


def test_a_syntax_error_in_an_imported_module(tmp_path):
    folder = write(tmp_path, {"importer.py": IMPORTER, "broken.py": BROKEN})
    ours, expected = run_both(folder, ["importer.py"])
    assert "SyntaxError: f-string: missing conversion character" in expected.stderr
    assert_same(ours, expected)


def test_a_syntax_error_in_the_script(tmp_path):
    folder = write(tmp_path, {"broken.py": BROKEN})
    ours, expected = run_both(folder, ["broken.py"])
    assert_same(ours, expected)


ZIPPED_USER = textwrap.dedent(
    """\
    def load(name):
        __import__(name)


    load(__import__("sys").argv[1])
    """
)

ZIPPED_FAILING = textwrap.dedent(
    """\
    def fail():
        raise KeyError(f"{"zipped"}")


    fail()
    """
)


def test_modules_in_a_zip_archive(tmp_path):
    sources = write(tmp_path / "sources", {"failing.py": ZIPPED_FAILING, "broken.py": BROKEN})
    archive = tmp_path / "modules.zip"
    with zipfile.ZipFile(str(archive), "w") as bundle:
        for name in ("failing.py", "broken.py"):
            bundle.write(str(sources / name), name)
    folder = write(tmp_path / "user", {"user.py": ZIPPED_USER})
    ours, expected = run_both(folder, ["user.py", "failing"], archive)
    assert_same(ours, expected)
    # CPython's zipimport compiles a module outside importlib's
    # _call_with_frames_removed, so its SyntaxError shows the frames of
    # importlib and zipimport; ours shows none, as for a plain file.
    ours, expected = run_both(folder, ["user.py", "broken"], archive)
    dropped = ("importlib._bootstrap", "importlib._bootstrap_external", "zipimport")
    assert_same(ours, expected, drop_modules=dropped)
    if HOOKED:
        assert "<frozen" not in ours.stderr and "frozen zipimport" not in ours.stderr


def test_system_exit_and_keyboard_interrupt_end_the_process_as_python_does(tmp_path):
    folder = write(
        tmp_path,
        {
            "message.py": 'import sys\nsys.exit(f"{"leaving"}")\n',
            "status.py": "import sys\nsys.exit(3)\n",
            "interrupted.py": textwrap.dedent(
                """\
                import atexit
                atexit.register(print, f"{"at exit"}")


                def wait():
                    raise KeyboardInterrupt


                wait()
                """
            ),
        },
    )
    for script in ("message.py", "status.py", "interrupted.py"):
        ours, expected = run_both(folder, [script])
        assert ours.returncode == expected.returncode, script
        assert normalised(ours.stderr) == normalised(expected.stderr), ours.stderr
        assert ours.stdout == expected.stdout
    assert expected.returncode == (-2 if os.name == "posix" else 0xC000013A)
    assert "at exit" in expected.stdout


def test_the_hook_hides_its_frames_from_an_importer(tmp_path, oracle_home, child_env):
    """Without the runner: a program that installs the hook itself (which
    does nothing on the oracle)."""
    folder = write(tmp_path, {"broken.py": BROKEN, "helper.py": HELPER})
    launcher = "import fstring_backport\nfstring_backport.install()\n"
    for body in (IMPORTER, "import helper\n\nhelper.descend(1)\n"):
        (folder / "main.py").write_text(launcher + body)
        # Absolute: Python 3.8 shows a script's path as given, 3.9 on absolute.
        script = str(folder / "main.py")
        ours = python([script], child_env(), folder)
        oracle_env = dict(os.environ, PYTHONPATH=str(oracle_home))
        expected = python([script], oracle_env, folder, oracle())
        assert_same(ours, expected)
