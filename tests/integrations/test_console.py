"""``python -m fstring_backport repl``: the console of ``python -m code`` for 3.12 syntax.

Real processes only.  What a session prints is compared with what the
standard console prints for it: ``python3.15 -m code`` for lines in 3.12
syntax, this Python's own ``python -m code`` for lines that need none (and
for grammar errors around an f-string, with the f-string spelled the old
way).  Syntax errors that 3.15 reports are taken from 3.15 (message and
place) and drawn by this Python's traceback module, as its console draws
them.  One test types into a pseudo-terminal, read back as a screen.
"""

import errno
import fcntl
import json
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
import traceback

import pyte
import pytest

from support.pythons import child_environment, oracle

OURS_EXIT = "now exiting fstring-backport console...\n"
CODE_EXIT = "now exiting InteractiveConsole...\n"
AT_LEAST_310 = sys.version_info >= (3, 10)


def session_env():
    # No readline start-up sequences in piped output, whatever builds them.
    return child_environment(TERM="dumb")


def run(command, session, cwd=None):
    result = subprocess.run(
        command, input=session, capture_output=True, text=True, env=session_env(), cwd=cwd, timeout=60
    )
    return result.stdout, result.stderr, result.returncode


def ours(session, *options, cwd=None):
    return run([sys.executable, "-m", "fstring_backport", "repl", "-q", *options], session, cwd)


def standard(session, python=None, cwd=None):
    """What ``python -m code`` prints, its exit message as ours reads."""
    out, err, status = run([python or oracle(), "-m", "code", "-q"], session, cwd)
    assert err.endswith(CODE_EXIT)
    return out, err[: -len(CODE_EXIT)] + OURS_EXIT, status


# Sessions in 3.12 syntax that every Python prints alike: values, prompts
# (incomplete input), tracebacks.
SESSIONS = {
    "values and _": 'x = f"{"a"}"\nx\nf"{x!r:>{5}}"\n_\n_ * 2\n',
    "a replacement field over lines": 'f"{\n1 + 1}"\nf"{x\n!r}"\nf"{\n\n(\n2)}" + "|"\n',
    "triple-quoted": 'f"""{\n"a"\n}"""\nf"""abc\n{"d"}"""\n"""plain\nstring"""\n',
    "compound statements end with a blank line": (
        'if f"{"a"}":\n    print(f"{"b" + "c"}")\n\n'
        'for i in range(2):\n    f"{i!r:>{3}}"\n\n'
        'while True:\n    print(f"{"w"}")\n    break\n\n'
        'if f"{"a"}" == "b":\n    print(1)\nelif f"""{\n"a"}""":\n    print(2)\nelse:\n    print(3)\n\n'
        'try:\n    1/0\nexcept ZeroDivisionError as e:\n    print(f"{type(e).__name__!r:>{20}}")\n\n'
        'print("after")\n'
    ),
    "decorators and classes": (
        "import functools\n"
        '@functools.lru_cache(maxsize=int(f"{"2"}"))\ndef k():\n    return f"{"k"}"\n\nk()\n'
        'class C:\n    name = f"{"c"}"\n    def m(self):\n        return f"{self.name!r}"\n\nC().m()\n'
    ),
    "open brackets": '(f"{"q"}",\n 2)\n[f"{"a"}"\n]\n{1: f"{"b"}"\n}\n',
    "a backslash continues the line": 'y = f"{"a"}" + \\\n  "z"\ny\n',
    "quotes reused": 'f"{f"{f"{1+1}"}"}"\nprint(f"{"\\n".join(["a", "b"])}")\nd = {"k": 1}\nf"{d["k"]}"\n',
    "functions": 'def g(n):\n    return f"{n!r:>{n}}"\n\ng(3)\ng("x")\n',
    "tracebacks": 'def g():\n    return f"{1/0}"\n\ng()\nf"{undefined_name}"\n',
    "future statements carry to later input": (
        "from __future__ import annotations\n"
        'def h(x: undefined) -> f"{"a"}":\n    return f"{x}"\n\n'
        'h.__annotations__["x"]\nh(2)\n'
    ),
    "debug fields": 'x = 5\nf"{x = }"\nf"{x=!r:>5}"\nf"{"a" = }"\n',
    "comments and blank lines": '\n# a comment\nf"{"a"}" # trailing\nf"""{\n1 # in a field\n}"""\n',
    "several statements": 'a = 1; b = f"{"a"}"\nb\n',
    "t-strings": 'x = 1\nt"a{x}"\ntt = t"""\n{x!r:>{2}}"""\ntt.interpolations\n',
}


@pytest.mark.slow
@pytest.mark.parametrize("name", list(SESSIONS))
def test_sessions_in_312_syntax_print_what_python315s_console_prints(name):
    assert ours(SESSIONS[name]) == standard(SESSIONS[name])


OLD_SYNTAX = (
    "1 +\n"
    "(1 2\n"
    'f"abc\n'
    "if True:\n    x = 1\n  y = 2\n"
    "x = [1,\n2]\nx\n"
    "def f():\n    return 1\n\nf()\n"
    '"""a\nb"""\n'
    "1/0\n"
    "x = 1 + \\\n 2\nx\n"
    "_ * 2\n"
    "print(f'{x!r:>{x}}')\n"
)


@pytest.mark.slow
def test_lines_that_need_no_312_syntax_behave_as_in_this_pythons_console():
    assert ours(OLD_SYNTAX) == standard(OLD_SYNTAX, sys.executable)


# Errors in f-strings: 3.15's words and places on every Python.
ERRORS_315 = [
    'f"{"a"!z}"',
    'f"{"a"!}"',
    'f"{"a"}}"',
    'f"{"b"} {}"',
    'print(f"{"',
    'f"{"a":{"b":{"c":{"d"}}}}"',
    'f"""{"a"\n!z}"""',
    'f"{"a"!r:{"b"!z}}"',
    'x = f"{"a" "b"}"; y = f"{1!x}"',
    't"a" "b"',
]
_ORACLE_ERROR = """\
import codeop, json, sys
try:
    codeop.compile_command(sys.stdin.read(), "<console>", "single")
except SyntaxError as e:
    print(json.dumps([e.msg, e.filename, e.lineno, e.offset, e.text, e.end_lineno, e.end_offset]))
"""


def drawn(msg, filename, lineno, offset, text, end_lineno, end_offset):
    """A syntax error as this Python's console draws it."""
    details = (filename, lineno, offset, text) + ((end_lineno, end_offset) if AT_LEAST_310 else ())
    return "".join(traceback.format_exception_only(SyntaxError, SyntaxError(msg, details)))


@pytest.mark.slow
@pytest.mark.parametrize("source", ERRORS_315)
def test_errors_in_fstrings_read_as_python315_reports_them(source):
    error = subprocess.run([oracle(), "-c", _ORACLE_ERROR], input=source, capture_output=True, text=True).stdout
    session = source + '\nprint("next")\n'
    out, err, status = ours(session)
    expected_out, _, _ = standard(session)
    assert (out, status) == (expected_out, 0)
    assert err == drawn(*json.loads(error)) + "\n" + OURS_EXIT  # "\n": the console at EOF


# Grammar errors around f-strings are this Python's to report: the same line
# with its f-strings spelled the old way, of the same length, is the oracle.
GRAMMAR_ERRORS = [
    ('x = f"{"a"}" +', "x = f\"{'a'}\" +"),
    ('f"{"a"}" = 1', "f\"{'a'}\" = 1"),
    ('del f"{"a"}"', "del f\"{'a'}\""),
    ('x = (f"{"a"}",\n  1 2)', "x = (f\"{'a'}\",\n  1 2)"),
    ('for f"{"a"}" in x:', "for f\"{'a'}\" in x:"),
]


@pytest.mark.slow
@pytest.mark.parametrize("typed, old", GRAMMAR_ERRORS)
def test_grammar_errors_around_fstrings_as_this_pythons_console_reports_them(typed, old):
    session = typed + '\n\nprint("next")\n'
    out, err, status = ours(session)
    expected_out, expected_err, _ = standard(old + '\n\nprint("next")\n', sys.executable)
    for old_line, typed_line in zip(old.splitlines(), typed.splitlines()):
        expected_err = expected_err.replace(old_line.strip(), typed_line.strip())
    assert (out, err, status) == (expected_out, expected_err, 0)
    assert "internal error" not in err


@pytest.mark.slow
def test_syntax_errors_in_a_field_read_as_this_pythons_parser_reads_the_expression():
    # 3.15: "invalid syntax. Perhaps you forgot a comma?" at "a" 1; so says
    # every Python with the same parser, 3.10 on.  Before, the old parser's words.
    session = 'f"{"a" 1}"\n'
    out, err, status = ours(session)
    assert (out, status) == (standard(session)[0], 0)
    if AT_LEAST_310:
        assert err == standard(session)[1]
    else:
        assert err.splitlines()[:2] == ['  File "<console>", line 1', '    f"{"a" 1}"']
        assert err.splitlines()[-3:] == ["SyntaxError: invalid syntax", "", OURS_EXIT.strip()]
    # A field over lines: 3.15 has a message of its own for an expression
    # cut short in a field ("f-string: expecting '=', or '!', or ':', or '}'");
    # this Python's parser reads the expression as it stands, at the place typed.
    session = 'f"{"x"} {\n1 +}"\n'
    out, err, status = ours(session)
    assert (out, status) == (standard(session)[0], 0)
    if sys.version_info >= (3, 12):  # f-strings of its own
        assert err == standard(session, sys.executable)[1]
    else:
        assert err.splitlines()[:2] == ['  File "<console>", line 2', '    1 +}"']
        assert err.splitlines()[-3].startswith("SyntaxError: invalid syntax")


@pytest.mark.slow
def test_modules_imported_from_the_console_may_use_312_syntax(tmp_path):
    (tmp_path / "newsyntax.py").write_text('songs = {"t": "tune"}\nline = f"{songs["t"]!r:>{8}}"\n')
    session = "import newsyntax\nnewsyntax.line\n"
    assert ours(session, cwd=str(tmp_path)) == standard(session, cwd=str(tmp_path))


# -- the command line ------------------------------------------------------


def test_usage():
    result = subprocess.run(
        [sys.executable, "-m", "fstring_backport", "repl", "-h"], capture_output=True, text=True, env=session_env()
    )
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.startswith("Usage: python -m fstring_backport repl [-q]\n")
    assert "-q" in result.stdout.split("Options:")[1]


@pytest.mark.parametrize("options", [[], ["-q"]])
def test_the_console_starts_without_the_command_lines_parser(options):
    # Like a plain run, the console needs nothing but the package: no click.
    out, err, status = run(
        [sys.executable, "-m", "fstring_backport", "repl", *options], "import sys\n'click' in sys.modules\n"
    )
    assert (out.replace(">>> ", ""), status) == ("False\n", 0), err


@pytest.mark.parametrize("argument", ["--bogus", "-x", "file.py"])
def test_an_unknown_option_is_one_line_and_status_2(argument):
    result = subprocess.run(
        [sys.executable, "-m", "fstring_backport", "repl", argument],
        input="1\n",
        capture_output=True,
        text=True,
        env=session_env(),
    )
    assert (result.returncode, result.stdout) == (2, "")
    assert len(result.stderr.splitlines()) == 1 and repr(argument) in result.stderr


@pytest.mark.slow
def test_the_banner_is_python_m_codes_naming_this_console():
    def lines(command):
        return subprocess.run(command, input="", capture_output=True, text=True, env=session_env()).stderr.splitlines()

    mine = lines([sys.executable, "-m", "fstring_backport", "repl"])
    theirs = lines([sys.executable, "-m", "code"])
    # Python's version (sys.version may hold a line break) and the copyright line.
    copyright = theirs.index('Type "help", "copyright", "credits" or "license" for more information.')
    assert mine[: copyright + 1] == theirs[: copyright + 1]
    assert theirs[copyright + 1 :] == ["(InteractiveConsole)", "", CODE_EXIT.strip()]
    assert mine[copyright + 1 :] == [
        "(fstring-backport console: Python 3.12 f-strings and 3.14 t-strings)",
        "",
        OURS_EXIT.strip(),
    ]
    # python -q: no banner, as for python -q -m code.
    assert lines([sys.executable, "-q", "-m", "fstring_backport", "repl"]) == ["", OURS_EXIT.strip()]
    assert lines([sys.executable, "-q", "-m", "code"]) == ["", CODE_EXIT.strip()]


# -- a terminal --------------------------------------------------------------

COLUMNS, LINES = 100, 50


class Terminal:
    """A command on a pseudo-terminal that is its controlling terminal, as
    in a shell (Ctrl-C is SIGINT, Ctrl-D ends the input), read as a screen."""

    def __init__(self, command):
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", LINES, COLUMNS, 0, 0))
        env = child_environment(TERM="xterm")
        self.process = subprocess.Popen(
            command,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            preexec_fn=_controlling_terminal,
        )
        os.close(slave)
        self.master = master
        self.screen = pyte.Screen(COLUMNS, LINES)
        self.stream = pyte.ByteStream(self.screen)

    def read_until(self, prompt, below=-1, timeout=30.0):
        """Read until the cursor waits after ``prompt`` on a line below
        ``below`` (readline may draw it in colour, or redraw it: the screen
        tells)."""
        deadline = time.monotonic() + timeout
        while not (self.screen.cursor.y > below and self.waits_after(prompt)):
            remaining = deadline - time.monotonic()
            assert remaining > 0, f"no {prompt!r} prompt: {self.lines()}"
            if select.select([self.master], [], [], min(remaining, 0.1))[0]:
                self.stream.feed(os.read(self.master, 65536))

    def waits_after(self, prompt):
        cursor = self.screen.cursor
        return cursor.x == len(prompt) and self.screen.display[cursor.y] == prompt.ljust(COLUMNS)

    def type(self, keys, then=">>> "):
        """Type ``keys``, which end a line, and wait for the next prompt."""
        line = self.screen.cursor.y
        os.write(self.master, keys)
        self.read_until(then, below=line)

    def up(self):
        """The Up key, as a terminal sends it in the cursor key mode asked
        for (PyPy's readline asks for the application mode, DECCKM, which
        pyte keeps as private mode 1, shifted by 5)."""
        return b"\x1bOA" if 1 << 5 in self.screen.mode else b"\x1b[A"

    def lines(self):
        return [line.rstrip() for line in self.screen.display if line.strip()]

    def finish(self):
        """The screen's lines and the exit status, once the command ends."""
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except OSError as error:  # EIO: the command closed the terminal
                assert error.errno == errno.EIO
                break
            if not chunk:
                break
            self.stream.feed(chunk)
        os.close(self.master)
        return self.lines(), self.process.wait(timeout=30)


def _controlling_terminal():
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    # A parallel tox run starts the tests with SIGINT ignored, and Python
    # keeps an ignored SIGINT ignored: Ctrl-C must reach the console.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def typed_session(command):
    terminal = Terminal(command)
    terminal.read_until(">>> ")
    terminal.type(b'x = f"{"a"}"\r')
    terminal.type(b'f"{\r', then="... ")
    terminal.type(b'x!r:>{5}}"\r')
    terminal.type(b"for c in f\"{x + 'b'}\":\r", then="... ")
    terminal.type(b'    print(f"{c!r}")\r', then="... ")
    terminal.type(b"\r")
    terminal.type(b'f"{"a"!z}"\r')
    terminal.type(b"(1,\r", then="... ")
    # Ctrl-C.  Not at once: Python waits for input in select(), and a SIGINT
    # that comes between the prompt and select() waits for the next key; on
    # a busy machine that can still happen, and a second Ctrl-C then wakes
    # select() (the two make one KeyboardInterrupt, a pending one flag).
    time.sleep(0.3)
    line = terminal.screen.cursor.y
    os.write(terminal.master, b"\x03")
    try:
        terminal.read_until(">>> ", below=line, timeout=5.0)
    except AssertionError:
        os.write(terminal.master, b"\x03")
        terminal.read_until(">>> ", below=line)
    terminal.type(b"_\r")
    terminal.type(b'f"{x!r:>{4}}"\r')
    terminal.type(terminal.up() + b"\r")  # the line before, from readline's history
    os.write(terminal.master, b"\x04")  # Ctrl-D
    return terminal.finish()


@pytest.mark.slow
def test_typed_on_a_terminal_as_in_python315s_console():
    screen, status = typed_session([sys.executable, "-m", "fstring_backport", "repl"])
    expected, expected_status = typed_session([oracle(), "-m", "code"])
    assert status == expected_status == 0
    # The banner's first line names this Python, its third this console.
    assert screen[0].startswith("Python " + sys.version.split()[0])
    # After the banner (sys.version may take two lines), before the exit message.
    theirs = expected.index("(InteractiveConsole)")
    start = screen.index("(fstring-backport console: Python 3.12 f-strings and 3.14 t-strings)") + 1
    assert screen[start - 2] == expected[theirs - 1]  # the copyright line
    assert screen[-1] == OURS_EXIT.strip() and expected[-1] == CODE_EXIT.strip()
    assert screen[start:-1] == expected[theirs + 1 : -1]
    assert screen[start : start + 4] == ['>>> x = f"{"a"}"', '>>> f"{', '... x!r:>{5}}"', "\"  'a'\""]

