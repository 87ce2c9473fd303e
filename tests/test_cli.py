"""The command as users run it: a real subprocess of the installed tool."""

import shutil
import subprocess
import sys
from pathlib import Path


from conftest import REPO


def command():
    """The installed console script, else ``python -m fstring_backport``."""
    script = Path(sys.executable).parent / "fstring-backport"
    if script.exists():
        return [str(script)]
    found = shutil.which("fstring-backport")
    return [found] if found else [sys.executable, "-m", "fstring_backport"]


def run(*args, stdin=b""):
    return subprocess.run(
        command() + list(args),
        input=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=str(REPO),
    )


def test_example_file_prints_on_stdout():
    example = REPO / "examples" / "greeting.py"
    result = run("--target", "3.8", str(example))
    assert result.returncode == 0, result.stderr
    assert result.stderr == b""
    # The lowering (issue 3) will rewrite it; until then, the input itself.
    assert result.stdout.count(b"\n") == example.read_bytes().count(b"\n")


def test_stdin_and_bytes_preserved(tmp_path):
    data = b"x = f'{1}'\r\ny = 2\r\n"
    result = run("-", stdin=data)
    assert result.returncode == 0
    assert result.stdout == data


def test_bad_input_is_reported_located_and_nothing_on_stdout(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text('x = 1\ny = f"{x!z}"\n')
    result = run(str(bad))
    assert result.returncode == 1
    assert result.stdout == b""
    assert result.stderr.decode().strip() == (
        "{}:2:10: f-string: invalid conversion character 'z': expected 's', 'r', or 'a'".format(bad)
    )
    assert b"Traceback" not in result.stderr


def test_missing_file_is_an_error_not_a_traceback(tmp_path):
    result = run(str(tmp_path / "nope.py"))
    assert result.returncode != 0
    assert b"Traceback" not in result.stderr


def test_bad_target_is_a_usage_error():
    result = run("--target", "2.7", "-")
    assert result.returncode == 2
    assert b"3.8" in result.stderr


def test_version_and_module_form():
    result = subprocess.run(
        [sys.executable, "-m", "fstring_backport", "--version"], stdout=subprocess.PIPE
    )
    assert result.returncode == 0
    assert result.stdout.startswith(b"fstring-backport, version ")
