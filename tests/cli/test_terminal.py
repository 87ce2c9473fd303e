"""The command on a real terminal: a pseudo-terminal, read back as a screen.

pyte plays the terminal: it applies the bytes the command wrote (carriage
returns, line clearing, colours) to a screen, so these tests see what a user
sees, not what isatty() was told to answer.
"""

import fcntl
import os
import pty
import re
import struct
import subprocess
import termios

import pyte

from support.cli import ALREADY_OLD, NEEDS_REWRITE, command, make_tree
from support.pythons import child_environment

COLUMNS, LINES = 120, 60


def run_on_terminal(cwd, *args, env=None):
    """(screen lines, raw bytes, exit status) of the command on a terminal
    COLUMNS wide, its standard output and error both on it."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", LINES, COLUMNS, 0, 0))
    environ = child_environment(**{"TERM": "xterm", "NO_COLOR": None, **(env or {})})
    process = subprocess.Popen(
        command() + list(args), cwd=str(cwd), env=environ,
        stdin=slave, stdout=slave, stderr=slave, start_new_session=True,
    )
    os.close(slave)
    raw = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the command closed the terminal
            break
        if not chunk:
            break
        raw += chunk
    os.close(master)
    status = process.wait()
    screen = pyte.Screen(COLUMNS, LINES)
    pyte.ByteStream(screen).feed(raw)
    return [line.rstrip() for line in screen.display if line.strip()], raw, status


def many_files(tmp_path):
    pkg = make_tree(tmp_path)
    for i in range(40):
        (pkg / f"m{i:02}.py").write_bytes(NEEDS_REWRITE if i % 10 == 3 else ALREADY_OLD)
    (pkg / "m25.py").write_bytes(b"x = 1\nf'{x!z}'\n")
    return pkg


PROBLEM = re.compile(
    r"^src/pkg/(?:new|m\d\d)\.py:2:16: FB101 quote reused inside an f-string \(needs Python 3\.12; target 3\.8\)$"
)
ERROR = re.compile(r"^src/pkg/m25\.py:2:6: f-string: invalid conversion character 'z'")


def test_messages_never_land_inside_the_progress_bar(tmp_path):
    many_files(tmp_path)
    screen, raw, status = run_on_terminal(tmp_path, "--check", "-j", "1", "src")
    assert status == 1
    assert b"fstring-backport [" in raw and b" 100% 43/43" in raw  # the bar was shown ...
    assert not any("fstring-backport [" in line for line in screen), screen  # ... and is gone
    *messages, summary = screen
    assert [line for line in messages if not PROBLEM.match(line) and not ERROR.match(line)] == []
    assert sum(1 for line in messages if PROBLEM.match(line)) == 5  # new.py and m03, m13, m23, m33
    assert sum(1 for line in messages if ERROR.match(line)) == 1
    assert summary == "Found 5 problems in 5 files, 1 failed."


def test_the_summary_of_a_write_stands_alone_after_the_bar(tmp_path):
    many_files(tmp_path)
    screen, raw, status = run_on_terminal(tmp_path, "src", "-o", "out", "-j", "2")
    assert status == 1 and b"fstring-backport [" in raw
    assert len(screen) == 2, screen
    assert ERROR.match(screen[0]) and screen[1] == "5 of 43 files rewritten, 1 failed"


def test_no_bar_for_a_few_files_or_when_verbose(tmp_path):
    (tmp_path / "few").mkdir()
    (tmp_path / "many").mkdir()
    make_tree(tmp_path / "few")
    _, raw, _ = run_on_terminal(tmp_path / "few", "--check", "src")
    assert b"fstring-backport [" not in raw
    many_files(tmp_path / "many")
    _, raw, _ = run_on_terminal(tmp_path / "many", "--check", "-v", "src")
    assert b"fstring-backport [" not in raw and b"m39.py: no problems" in raw


def test_diffs_are_coloured_on_a_terminal_unless_told_not_to(tmp_path):
    pkg = make_tree(tmp_path)
    target = str(pkg / "new.py")
    _, raw, status = run_on_terminal(tmp_path, "--diff", target)
    assert status == 0
    assert b"\x1b[31m-print(f\"{songs[\"t\"]}\")" in raw and b"\x1b[32m+print(" in raw
    for args, env in ((["--no-color"], None), ([], {"NO_COLOR": "1"})):
        screen, raw, _ = run_on_terminal(tmp_path, "--diff", target, *args, env=env)
        assert b"\x1b[" not in raw and "+print(f\"{songs['t']}\")" in screen
