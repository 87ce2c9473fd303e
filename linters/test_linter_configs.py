"""The linter and type checker configurations that docs/linters.md gives, tried.

Not part of the normal test run: `pytest` collects `tests/` only
(testpaths), and these tests need ruff, mypy, pyright, ty and pyrefly.
`tox -e linters` installs them and runs this file.  A missing tool is a
failure, never a skip.

Each test reads its tool's configuration blocks from docs/linters.md
itself, so the page cannot drift from what was tried.  It writes a small project
whose `requires-python` is ">=3.8" into tmp_path, with one module of 3.12
f-strings (`src/mypkg/report.py`, the path the page's blocks name) and
one that is not configured (`other.py`), and runs the tool twice:

- without the configuration, told that the project is for 3.8 (ruff and ty
  read requires-python; the others are given their version option), where
  each tool that has an f-string complaint makes it;
- with the configuration and no command-line option, where the f-strings
  pass and the planted errors (an undefined name, a wrong return type) are
  still reported.

Both runs compare the exact set of reported lines among the lines of
interest, so what each configuration costs (a `match` statement, new in
3.10; `itertools.batched`, new in 3.12) is checked too.
"""

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parent.parent / "docs" / "linters.md"

PYPROJECT = """\
[project]
name = "mypkg"
version = "1.0"
requires-python = ">=3.8"
"""

# Line numbers matter: the expectations below name them.
REPORT = '''\
"""3.12 f-strings, and real errors that must still be reported."""


def show(d: dict, lines: list) -> str:
    a = f"{d["k"]}"
    b = f'{"\\n".join(lines)}'
    c = f"""{
        len(lines)  # how many
    }"""
    return a + b + c


def broken() -> int:
    return undefined_name


def wrong() -> int:
    return "not an int"


def new_syntax(x: int) -> int:
    match x:
        case _:
            return x
'''
QUOTE, BACKSLASH, COMMENT = 5, 6, 8
UNDEFINED, WRONG_TYPE, MATCH = 14, 18, 22
REPORT_LINES = {QUOTE, BACKSLASH, 7, COMMENT, 9, UNDEFINED, WRONG_TYPE, MATCH}

OTHER = '''\
import itertools


def new_syntax(x: int) -> int:
    match x:
        case _:
            return x


def new_api(a: list) -> object:
    return itertools.batched(a, 2)
'''
OTHER_MATCH, OTHER_BATCHED = 5, 11
OTHER_LINES = {OTHER_MATCH, OTHER_BATCHED}

FSTRINGS = {QUOTE, BACKSLASH, COMMENT}

# tool: (command, option that says "3.8" for the run without configuration,
#        (report.py, other.py) lines reported without it, ... with it)
TOOLS = {
    "ruff": (
        ["ruff", "check", "--no-cache", "--output-format", "concise", "src"],
        [],  # reads requires-python
        (FSTRINGS | {UNDEFINED, MATCH}, {OTHER_MATCH}),
        ({UNDEFINED}, {OTHER_MATCH}),
    ),
    "mypy": (
        ["mypy", "--no-incremental", "src"],
        ["--python-version", "3.10"],  # the oldest mypy 2 accepts
        ({UNDEFINED, WRONG_TYPE}, {OTHER_BATCHED}),
        ({UNDEFINED, WRONG_TYPE}, {OTHER_BATCHED}),
    ),
    "pyright": (
        ["pyright", "src"],
        ["--pythonversion", "3.8"],
        ({QUOTE, BACKSLASH, UNDEFINED, WRONG_TYPE, MATCH}, {OTHER_MATCH, OTHER_BATCHED}),
        ({UNDEFINED, WRONG_TYPE}, {OTHER_MATCH, OTHER_BATCHED}),
    ),
    "ty": (
        ["ty", "check", "--output-format", "concise", "src"],
        [],  # reads requires-python
        (FSTRINGS | {UNDEFINED, WRONG_TYPE, MATCH}, {OTHER_MATCH, OTHER_BATCHED}),
        ({UNDEFINED, WRONG_TYPE}, set()),
    ),
    "pyrefly": (
        ["pyrefly", "check", "--output-format", "min-text"],
        ["--python-version", "3.8"],
        # Without a [tool.pyrefly] table it uses its lenient "basic" preset.
        (FSTRINGS | {UNDEFINED, MATCH}, {OTHER_MATCH}),
        ({UNDEFINED, WRONG_TYPE}, {OTHER_MATCH, OTHER_BATCHED}),
    ),
}


def page_blocks(tool):
    """The ```toml blocks of the page's f-string section that configure `tool`."""
    text = PAGE.read_text(encoding="utf-8")
    start = text.index("## Settings for 3.12 f-strings")
    end = re.compile(r"\n## ").search(text, start + 1)  # the next section is test_templates.py's
    section = text[start : end.start() if end else len(text)]
    blocks = re.findall(r"```toml\n(.*?)```", section, re.S)
    table = re.compile(rf"^\[\[?tool\.{re.escape(tool)}[.\]]", re.M)
    return [block for block in blocks if table.search(block)]


def make_project(root, config):
    root.mkdir(exist_ok=True)
    (root / "pyproject.toml").write_text(PYPROJECT + config, encoding="utf-8")
    package = root / "src" / "mypkg"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "report.py").write_text(REPORT, encoding="utf-8")
    (package / "other.py").write_text(OTHER, encoding="utf-8")


def reported(root, command):
    env = dict(os.environ, NO_COLOR="1", PYRIGHT_PYTHON_IGNORE_WARNINGS="1")
    result = subprocess.run(
        command, cwd=str(root), env=env, capture_output=True, text=True, timeout=120
    )
    output = result.stdout + result.stderr
    lines = {}
    for name in ("report", "other"):
        found = re.findall(rf"mypkg[/\\]{name}\.py:(\d+)", output)
        lines[name] = {int(number) for number in found}
    return result.returncode, lines["report"], lines["other"], output


@pytest.mark.parametrize("tool", sorted(TOOLS))
def test_page_configuration(tool, tmp_path):
    command, option_38, without, with_config = TOOLS[tool]
    if shutil.which(command[0]) is None:
        pytest.fail(f"{command[0]} is not installed: `tox -e linters` installs it")
    blocks = page_blocks(tool)
    assert blocks, f"docs/linters.md gives no configuration for {tool}"

    bare = tmp_path / "bare"
    make_project(bare, "")
    code, report, other, output = reported(bare, command + option_38)
    assert code != 0, output
    assert (report & REPORT_LINES, other & OTHER_LINES) == without, output

    configured = tmp_path / "configured"
    make_project(configured, "\n" + "\n".join(blocks))
    code, report, other, output = reported(configured, command)
    assert code != 0, output  # the planted errors
    assert (report & REPORT_LINES, other & OTHER_LINES) == with_config, output


# tool: (the comment tried, whether it silences quote reuse and backslashes)
SUPPRESSIONS = {
    "ruff": ("# noqa", False),  # also "ruff: noqa" (with a #) for the whole file
    "ty": ("# ty: ignore", False),
    "pyright": ("# pyright: ignore", True),
    "pyrefly": ("# pyrefly: ignore", True),
}


@pytest.mark.parametrize("tool", sorted(SUPPRESSIONS))
def test_suppression_comment(tool, tmp_path):
    """What the page says of suppression comments: which ones silence the tool."""
    command, option_38 = TOOLS[tool][:2]
    if shutil.which(command[0]) is None:
        pytest.fail(f"{command[0]} is not installed: `tox -e linters` installs it")
    comment, silences = SUPPRESSIONS[tool]
    make_project(tmp_path, "")
    (tmp_path / "src" / "mypkg" / "report.py").write_text(
        "# ruff: noqa\n"
        "def show(d: dict, lines: list) -> str:\n"
        f'    a = f"{{d["k"]}}"  {comment}\n'
        f"    b = f'{{\"\\n\".join(lines)}}'  {comment}\n"
        "    return a + b\n",
        encoding="utf-8",
    )
    code, report, other, output = reported(tmp_path, command + option_38)
    assert report & {3, 4} == (set() if silences else {3, 4}), output
