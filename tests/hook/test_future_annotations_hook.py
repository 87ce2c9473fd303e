"""``future-annotations`` under the import hook: the nearest pyproject.toml
of a module's file says whether the hook adds ``from __future__ import
annotations``, as it says for the command line and the build; a bad
setting fails the import with one clear line.  The sample library runs
this way on every target: tests/hook/test_code_for_314_under_the_hook.py.
"""

import subprocess
import sys
from pathlib import Path

import pytest

from fstring_backport.hook.cold_path import future_annotations_for, is_bad_setting

from support.pythons import child_environment, oracle, plain_environment

HOOKED_HERE = sys.version_info < (3, 14)
needs_hook = pytest.mark.skipif(not HOOKED_HERE, reason="the hook does nothing from 3.14 on")

ON = "[tool.fstring-backport]\nfuture-annotations = true\n"


def write(folder: Path, files: dict) -> Path:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    return folder


@pytest.mark.parametrize(
    "pyproject, on",
    [
        (ON, True),
        ("[tool.fstring-backport]\nfuture-annotations = false\n", False),
        ("[tool.fstring-backport]\ntarget = '3.8'\n", False),
        ('tool.fstring-backport."future-annotations" = true\n', True),
        ("[project]\nname = 'x'\n", False),
        # The build hook's own option is the build hook's.
        ("[tool.hatch.build.hooks.fstring-backport]\nfuture-annotations = true\n", False),
        # Settings the hook does not read are not its to judge.
        ("[project]\nrequires-python = '>=3.6'\n" + ON, True),
    ],
)
def test_the_setting_of_the_nearest_pyproject(tmp_path, pyproject, on):
    write(tmp_path, {"pyproject.toml": pyproject, "src/pkg/sub/mod.py": ""})
    assert future_annotations_for(str(tmp_path / "src" / "pkg" / "sub" / "mod.py")) is on


def test_the_nearest_pyproject_wins(tmp_path):
    write(tmp_path, {"pyproject.toml": ON, "inner/pyproject.toml": "[project]\nname = 'x'\n", "inner/m.py": ""})
    assert future_annotations_for(str(tmp_path / "inner" / "m.py")) is False


def test_not_for_an_installed_package(tmp_path):
    """A project's pyproject.toml is not that of the packages installed in a
    virtual environment inside it."""
    installed = tmp_path / ".venv" / "lib" / "python3.8" / "site-packages" / "pkg" / "m.py"
    write(tmp_path, {"pyproject.toml": ON, "src/m.py": "", str(installed.relative_to(tmp_path)): ""})
    assert future_annotations_for(str(tmp_path / "src" / "m.py")) is True
    assert future_annotations_for(str(installed)) is False


@pytest.mark.parametrize(
    "pyproject, message",
    [
        (
            "[tool.fstring-backport]\nfuture-annotations = 'yes'\n",
            "[tool.fstring-backport] future-annotations must be true or false, not 'yes'",
        ),
        ("[tool.fstring-backport]\nfuture-annotations = \n", "not valid TOML"),
        ("tool = 1\nfuture-annotations = true\n", "[tool] must be a table, not 1"),
    ],
)
def test_a_bad_setting_is_an_import_error_naming_the_file_and_the_key(tmp_path, pyproject, message):
    write(tmp_path, {"pyproject.toml": pyproject, "m.py": ""})
    with pytest.raises(ImportError) as raised:
        future_annotations_for(str(tmp_path / "m.py"))
    text = str(raised.value)
    assert text.startswith(f"{tmp_path / 'pyproject.toml'}: ") and message in text
    assert text.endswith(f"(read by fstring-backport's import hook for {tmp_path / 'm.py'})")
    assert "\n" not in text and is_bad_setting(raised.value)
    assert not is_bad_setting(ImportError("No module named 'x'"))


LAZY = (
    '"""Annotations written for 3.14: a class named before it is defined."""\n'
    "\n"
    "\n"
    "class Tree:\n"
    "    children: list[Node]\n"
    "\n"
    "    def first(self) -> Node:\n"
    "        return Node()\n"
    "\n"
    "\n"
    "class Node:\n"
    "    pass\n"
    "\n"
    "\n"
    "print(type(Tree().first()).__name__)\n"
)


def hooked(project: Path, *args: str, write_bytecode: bool = False) -> "subprocess.CompletedProcess[str]":
    env = child_environment(project, write_bytecode=write_bytecode)
    return subprocess.run([sys.executable, *args], cwd=str(project), env=env, capture_output=True, text=True)


IMPORT = "import fstring_backport; fstring_backport.install('pkg'); import pkg.lazy"


@needs_hook
def test_the_hook_adds_the_future_import_where_the_setting_is_on(tmp_path):
    project = write(tmp_path, {"pyproject.toml": ON, "pkg/__init__.py": "", "pkg/lazy.py": LAZY})
    native = subprocess.run(
        [oracle(), "-c", "import pkg.lazy"], cwd=str(project), env=plain_environment(), capture_output=True, text=True
    )
    assert (native.returncode, native.stdout) == (0, "Node\n"), native.stderr
    for args in (["-c", IMPORT], ["-m", "fstring_backport", "run", "-m", "pkg.lazy"]):
        result = hooked(project, *args)
        assert (result.returncode, result.stdout) == (0, "Node\n"), result.stderr
    (project / "pyproject.toml").write_text(ON.replace("true", "false"))
    result = hooked(project, "-c", IMPORT)
    assert result.returncode == 1 and "NameError: name 'Node' is not defined" in result.stderr


@needs_hook
def test_after_a_change_of_the_setting_compileall_f_refreshes_the_cache(tmp_path):
    """The cache is the source's alone, as documented: a warm import never
    looks for a pyproject.toml."""
    off = ON.replace("true", "false")
    project = write(tmp_path, {"pyproject.toml": off, "pkg/__init__.py": "", "pkg/lazy.py": LAZY})
    assert "NameError" in hooked(project, "-c", IMPORT, write_bytecode=True).stderr  # and cached
    (project / "pyproject.toml").write_text(ON)
    refreshed = hooked(project, "-m", "fstring_backport", "compileall", "-q", "-f", "pkg")
    assert refreshed.returncode == 0, refreshed.stderr
    result = hooked(project, "-c", IMPORT, write_bytecode=True)
    assert (result.returncode, result.stdout) == (0, "Node\n"), result.stderr


BAD = "[tool.fstring-backport]\nfuture-annotations = 'yes'\n"


@needs_hook
def test_a_bad_setting_fails_the_import_with_one_clear_line(tmp_path):
    project = write(tmp_path, {"pyproject.toml": BAD, "pkg/__init__.py": "", "pkg/lazy.py": LAZY})
    expected = (
        f"{project / 'pyproject.toml'}: [tool.fstring-backport] future-annotations must be true or false, "
        f"not 'yes' (read by fstring-backport's import hook for {project / 'pkg' / '__init__.py'})"
    )
    imported = hooked(project, "-c", IMPORT)
    assert imported.returncode == 1
    # As the interpreter shows an error compiling a module: none of this tool's frames.
    assert imported.stderr.splitlines()[-1] == "ImportError: " + expected
    # No frame of the tool's own files (3.13 shows the -c line, which names it).
    frames = [line for line in imported.stderr.splitlines() if line.lstrip().startswith("File ")]
    assert not [frame for frame in frames if "fstring_backport" in frame], frames
    # The commands: one line, exit status 2, as for the command line's settings.
    for args in (["run", "-m", "pkg.lazy"], ["compileall", "-q", str(project / "pkg")]):
        result = hooked(project, "-m", "fstring_backport", *args)
        assert (result.returncode, result.stderr) == (2, f"fstring-backport: {expected}\n"), args
