"""One command line: ``fstring-backport run|compileall|repl|wheel`` and
``python -m fstring_backport run|compileall|repl|wheel`` are the same
click commands, beside ``fstring-backport PATHS``.

The command line runs in this process (``support.cli.run_command_line_in``),
but where processes are the point: ``python -m`` and what ``run`` imports.
"""

import importlib
import json
import re
import shutil
import subprocess
import sys

import pytest

import fstring_backport.cli
from fstring_backport.cli import plain_run
from fstring_backport.cli.group import COMMANDS
from fstring_backport.cli.subcommands import run as run_command

from support.cli import NEEDS_REWRITE, REWRITTEN, run_command_line_in, run_wheel_in
from support.pythons import REPO, child_environment
from support.wheels import make_wheel

PROGRAMS = ["fstring-backport", "python -m fstring_backport"]


def test_the_console_script_and_python_m_start_at_the_same_place():
    scripts = re.search(r"^\[project\.scripts\]\n(.*?)\n\n", (REPO / "pyproject.toml").read_text(), re.M | re.S)
    assert scripts is not None
    target = re.fullmatch(r'fstring-backport = "(.+):(.+)"', scripts.group(1))
    assert target is not None
    module, name = target.groups()
    assert getattr(importlib.import_module(module), name) is fstring_backport.cli.main
    assert "from .cli import main" in (REPO / "src" / "fstring_backport" / "__main__.py").read_text()


def test_help_lists_the_commands_beside_the_options_and_paths(tmp_path):
    result = run_command_line_in(tmp_path, "--help")
    assert (result.returncode, result.stderr) == (0, b"")
    text = result.stdout.decode()
    assert text.startswith("Usage: fstring-backport [OPTIONS] [PATHS]...\n")
    assert "--check" in text and "--copy-runtime" in text and "Examples:" in text
    commands = text.split("\nCommands:\n")[1].split("\n\n")[0].splitlines()
    assert [line.split()[0] for line in commands] == ["compileall", "repl", "run", "wheel"]
    assert "./wheel" in text


@pytest.mark.parametrize("program", PROGRAMS)
@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_each_command_has_help_under_either_name(tmp_path, program, name):
    for option in ("--help", "-h"):
        result = run_command_line_in(tmp_path, name, option, prog_name=program)
        assert (result.returncode, result.stderr) == (0, b""), result.stderr
        assert result.stdout.decode().startswith(f"Usage: {program} {name} ")
        assert "\nOptions:\n" in result.stdout.decode()


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_python_m_runs_each_command(name):
    result = subprocess.run(
        [sys.executable, "-m", "fstring_backport", name, "--help"],
        capture_output=True,
        env=child_environment(),
    )
    assert (result.returncode, result.stderr) == (0, b"")
    assert result.stdout.decode().startswith(f"Usage: python -m fstring_backport {name} ")


def test_the_wheel_command_is_python_m_fstring_backport_wheel(tmp_path):
    files = {"pkg/__init__.py": b"", "pkg/m.py": NEEDS_REWRITE, "pkg/t.py": b'name = 1\ngreeting = t"hi {name!r}"\n'}
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    ours.mkdir()
    wheel = make_wheel(ours, files)
    theirs.mkdir()
    shutil.copy(str(wheel), str(theirs))
    by_command_line = run_command_line_in(ours, "wheel", wheel.name)
    by_wheel = run_wheel_in(theirs, wheel.name)
    assert by_command_line.returncode == by_wheel.returncode == 0, by_command_line.stderr
    assert by_command_line.stderr == by_wheel.stderr
    assert b"2 files rewritten for Python 3.8" in by_command_line.stderr
    assert wheel.read_bytes() == (theirs / wheel.name).read_bytes()


def test_a_file_named_as_a_command_is_reached_as_dot_slash(tmp_path):
    (tmp_path / "wheel").write_bytes(NEEDS_REWRITE)
    as_path = run_command_line_in(tmp_path, "./wheel")
    assert (as_path.returncode, as_path.stdout) == (0, REWRITTEN)
    as_command = run_command_line_in(tmp_path, "wheel")
    assert as_command.returncode == 2
    assert "Error: Missing argument 'WHEEL...'." in as_command.stderr.decode()


@pytest.mark.parametrize(
    "args",
    [
        ["run"],
        ["run", "-m"],
        ["compileall"],
        ["compileall", "-x", "(", "pkg"],
        ["compileall", "--bogus", "pkg"],
        ["repl", "--bogus"],
        ["repl", "file.py"],
        ["wheel"],
        ["wheel", "--ignore", "FB999", "x.whl"],
        ["wheel", "--target", "3.7", "x.whl"],
        ["no-such-file.py"],
    ],
)
def test_a_usage_error_is_one_line_and_status_2(tmp_path, args):
    result = run_command_line_in(tmp_path, *args, prog_name="python -m fstring_backport")
    assert (result.returncode, result.stdout) == (2, b"")
    lines = result.stderr.decode().splitlines()
    assert "Traceback" not in result.stderr.decode()
    told = [line for line in lines if line.startswith(("Error: ", "fstring-backport: "))]
    assert len(told) == 1, lines
    if len(lines) > 1:  # click's usage lines, then the error
        assert lines[0].startswith("Usage: python -m fstring_backport")


# What the command line hands the hook without click: each is what the run
# command reads.
PLAIN = [
    ["app.py"],
    ["app.py", "--help", "-x", "--", "-m"],
    ["-"],
    ["folder", "-h"],
    ["-m", "tool"],
    ["-m", "pytest", "-x", "--help", "tests"],
]
NOT_PLAIN = [[], ["-h"], ["--help"], ["--", "app.py"], ["-m"], ["-m", "-h"], ["-x", "app.py"], ["-xh"]]


@pytest.mark.parametrize("arguments", PLAIN)
def test_a_plain_run_is_what_the_run_command_reads(arguments):
    assert plain_run(arguments)
    context = run_command.make_context("run", list(arguments))
    assert list(context.params["arguments"]) == arguments


@pytest.mark.parametrize("arguments", NOT_PLAIN)
def test_other_run_command_lines_go_through_click(arguments):
    assert not plain_run(arguments)


SHOW_ARGV = "import json, sys\nprint(json.dumps([sys.argv[1:], 'click' in sys.modules]))\n"


@pytest.mark.parametrize("way", [["app.py"], ["--", "app.py"]])
def test_run_passes_everything_after_the_script_and_starts_without_click(tmp_path, way):
    (tmp_path / "app.py").write_text(SHOW_ARGV)
    result = subprocess.run(
        [sys.executable, "-m", "fstring_backport", "run", *way, "--help", "-m", "x"],
        capture_output=True,
        text=True,
        cwd=str(tmp_path),
        env=child_environment(),
    )
    assert result.returncode == 0, result.stderr
    argv, click_imported = json.loads(result.stdout)
    assert argv == ["--help", "-m", "x"]
    assert click_imported == (way[0] == "--")  # only a command line that needs click reads it
