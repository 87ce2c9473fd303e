"""The examples of README.md and docs/, run: what the pages show is what the tool does.

Which blocks are examples, and how each is checked (CONTRIBUTING.md,
"Documentation"); fences count at the start of a line only:

- ```python blocks compile with python3.15, whose syntax (3.12 f-strings,
  3.14 t-strings) they may use;
- a block with ``title="PATH"`` (```python title="mypkg/report.py"```,
  ```toml title="pyproject.toml"```) is a file of the page's sample folder;
- ```console blocks run: each ``$ `` line by ``sh``, in a fresh temporary
  folder holding a copy of examples/ and the files the page gave above the
  block; the lines after it, up to the next ``$ ``, are what it prints on
  stdout and stderr together, where ``...`` stands for any text (doctest's
  ELLIPSIS).  ``fstring-backport`` and ``python`` are the package under test
  and the interpreter that runs the tests; ``python3.X`` is that
  interpreter, the package under test importable;
- ```pycon blocks are doctests, run by the interpreter that runs the tests;
- the rows of a table whose header is ``| 3.12 source | output for 3.8 |``
  or ``| 3.14 source | output for 3.8 |``: the output cell's first code
  spans (`` ⏎ `` between two of them is a line break) are what
  ``transpile`` writes for 3.8 in place of the source, its later code spans
  lines it adds near the top; and the output, run by python3.8, gives the
  value that the source gives on python3.15.
"""

import doctest
import json
import os
import re
import shutil
import subprocess
import sys
from typing import Dict, Iterator, List, NamedTuple, Tuple

import pytest

from fstring_backport import transpile

from support.docs import PAGES, Block, blocks, commands
from support.pythons import REPO, child_environment, interpreter, oracle

TABLE_HEADERS = ("| 3.12 source | output for 3.8 |", "| 3.14 source | output for 3.8 |")
LINE_BREAK = " ⏎ "


ALL_BLOCKS = [block for page in PAGES for block in blocks(page)]


def of(language: str) -> List[Block]:
    return [block for block in ALL_BLOCKS if block.language == language]


# -- python blocks ---------------------------------------------------------


def test_python_blocks_compile_on_315():
    python = [block for block in ALL_BLOCKS if block.language == "python"]
    assert python, "no ```python block found: is the page list right?"
    script = (
        "import json, sys\n"
        "errors = []\n"
        "for name, text in json.load(sys.stdin):\n"
        "    try:\n"
        "        compile(text, name, 'exec', dont_inherit=True)\n"
        "    except SyntaxError as error:\n"
        "        errors.append(f'{name} (line {error.lineno} of the block): {error.msg}')\n"
        "print(json.dumps(errors))\n"
    )
    found = subprocess.run(
        [oracle(), "-c", script],
        input=json.dumps([(block.name, block.text) for block in python]),
        stdout=subprocess.PIPE,
        text=True,
        check=True,
    ).stdout
    assert json.loads(found) == []


# -- pycon blocks: doctests ------------------------------------------------


@pytest.mark.parametrize("block", of("pycon"), ids=lambda block: block.name)
def test_pycon_block(block):
    test = doctest.DocTestParser().get_doctest(block.text, {}, block.name, str(block.page), block.line)
    assert test.examples, "a ```pycon block with no >>> example"
    report: List[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS, verbose=False)
    runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)


# -- console blocks --------------------------------------------------------


def sessions() -> Iterator[Tuple[Block, Dict[str, str]]]:
    """Each ```console block, with the files its page gave above it."""
    for page in PAGES:
        files: Dict[str, str] = {}
        for block in blocks(page):
            if block.title:
                files[block.title] = block.text
            elif block.language == "console":
                yield block, dict(files)


SESSIONS = list(sessions())


@pytest.fixture(scope="module")
def shims(tmp_path_factory):
    """A folder for PATH: ``fstring-backport`` and ``python`` as the tests run them."""
    folder = tmp_path_factory.mktemp("bin")
    for name, line in (
        ("fstring-backport", f'exec "{sys.executable}" -m fstring_backport "$@"'),
        ("python", f'exec "{sys.executable}" "$@"'),
    ):
        path = folder / name
        path.write_text("#!/bin/sh\n" + line + "\n", encoding="utf-8")
        path.chmod(0o755)
    return folder


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="the sessions are POSIX shell")
@pytest.mark.parametrize("block,files", SESSIONS, ids=[block.name for block, _ in SESSIONS])
def test_console_block(block, files, shims, tmp_path):
    shutil.copytree(str(REPO / "examples"), str(tmp_path / "examples"))
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    env = child_environment(
        PATH=str(shims) + os.pathsep + os.environ.get("PATH", ""), COLUMNS="80", NO_COLOR="1", TERM="dumb"
    )
    checker = doctest.OutputChecker()
    for command, expected in commands(block):
        result = subprocess.run(
            ["sh", "-c", command],
            cwd=str(tmp_path),
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=120,
        )
        assert checker.check_output(expected, result.stdout, doctest.ELLIPSIS), (
            f"{block.name}: $ {command}\nexpected:\n{expected}got:\n{result.stdout}"
        )


# -- the output tables -----------------------------------------------------


class Row(NamedTuple):
    name: str
    source: str
    output: str
    near_the_top: List[str]


def cells(row: str) -> List[str]:
    """The cells of a table row, split at ``|`` outside code spans."""
    found, current, in_code = [], "", False
    for char in row.strip()[1:-1]:
        if char == "`":
            in_code = not in_code
        if char == "|" and not in_code:
            found.append(current.strip())
            current = ""
        else:
            current += char
    found.append(current.strip())
    return found


def pieces(cell: str) -> List[str]:
    """The code of a cell: code spans joined where `` ⏎ `` stands between them."""
    found: List[str] = []
    end = None
    for span in re.finditer(r"`([^`]+)`", cell):
        if end is not None and cell[end : span.start()] == LINE_BREAK:
            found[-1] += "\n" + span.group(1)
        else:
            found.append(span.group(1))
        end = span.end()
    return found


def table_rows() -> Iterator[Row]:
    for page in PAGES:
        lines = page.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines):
            if line.strip() not in TABLE_HEADERS:
                continue
            for offset, row in enumerate(lines[number + 2 :], number + 3):
                if not row.startswith("|"):
                    break
                source_cell, output_cell = cells(row)
                (source,) = pieces(source_cell)
                output, *near_the_top = pieces(output_cell)
                yield Row(f"{page.relative_to(REPO)}:{offset}", source, output, near_the_top)


ROWS = list(table_rows())

# Every row is a module: a docstring (where the lines it adds go), names
# for the row to use, then the row as `r = ...`.
HEAD = '''"""A row of a table of the documentation."""
d = {"k": 1}
a = ["p", "q"]
x = 3.25
y = 8
z = "d"
w = 6
name = "Ann"
b = 2
'''

# Runs each module, and prints what `r` is: a Template as its parts.
RUN_ROWS = """\
import json, sys
shown = []
for text in json.load(sys.stdin):
    namespace = {"__name__": "row"}
    try:
        exec(compile(text, "row", "exec", dont_inherit=True), namespace)
    except Exception as error:
        shown.append(type(error).__name__)
        continue
    r = namespace["r"]
    if hasattr(r, "interpolations"):
        r = (r.strings, [(i.value, i.expression, i.conversion, i.format_spec) for i in r.interpolations])
    shown.append(repr(r))
print(json.dumps(shown))
"""


def module(source: str) -> str:
    return HEAD + "r = " + source + "\n"


def run_rows(python: str, modules: List[str]) -> List[str]:
    out = subprocess.run(
        [python, "-c", RUN_ROWS],
        input=json.dumps(modules),
        stdout=subprocess.PIPE,
        env=child_environment(),
        text=True,
        check=True,
    ).stdout
    return json.loads(out)


def test_the_tables_are_found():
    assert {"docs/output.md", "docs/tstrings.md"} <= {row.name.split(":")[0] for row in ROWS}


@pytest.mark.parametrize("row", ROWS, ids=[row.name for row in ROWS])
def test_table_row_is_what_transpile_writes(row):
    written = transpile(module(row.source), (3, 8)).splitlines()
    first = HEAD.count("\n")
    assert "\n".join(written[first : first + row.source.count("\n") + 1]) == "r = " + row.output
    top = "\n".join(written[:first])
    for line in row.near_the_top:
        assert line in top


def test_table_rows_on_38_behave_as_the_sources_on_315():
    on_315 = run_rows(oracle(), [module(row.source) for row in ROWS])
    on_38 = run_rows(interpreter("3.8"), [transpile(module(row.source), (3, 8)) for row in ROWS])
    assert [(row.name, shown) for row, shown in zip(ROWS, on_38)] == [
        (row.name, shown) for row, shown in zip(ROWS, on_315)
    ]
    assert not any(shown.isidentifier() for shown in on_315), on_315  # an exception's name
