"""docs/linters.md's advice on annotating with Template and on t-string literals, tried.

Not part of the normal test run (see test_linter_configs.py): `tox -e
linters` installs mypy, pyright, ty, pyrefly and fstring-backport itself (a
type checker finds `fstring_backport.templatelib` where it is installed, as
in a user's project) and runs this file.  A missing tool, or an installed
fstring-backport whose runtime is not this repository's, is a failure.

The tests read the page's section "Annotating with `Template`": its python
block (the import), its toml blocks (the settings for t-string literals) and
its json block (pyright's file for 3.14).  They write a project whose
`requires-python` is ">=3.10" with three modules:

- `render.py` takes, iterates, matches, builds and returns Templates, with
  two planted errors that only a real `Template` type reveals (`Any` hides
  them);
- `views.py` has t-string literals, and a planted error of its own;
- `app.py` uses both, and `itertools.batched` (new in 3.12), which only a
  check at 3.10 reports.

Each test compares the exact set of lines reported in each module, so that
what the import passes, what the naive import fails, and what the settings
cost are all checked.  The last test runs the modules on python3.10 as the
build step ships them, without fstring-backport.
"""

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "linters.md"
HEADING = "## Annotating with `Template`"

# What the page advises against: fine at 3.14, a missing module below.
NAIVE = "from string.templatelib import Interpolation, Template\n"

PYPROJECT = """\
[project]
name = "mypkg"
version = "1.0"
requires-python = ">=3.10"
"""

# IMPORT is replaced by the import tried; "#> name" marks a line of interest.
RENDER = """\
IMPORT


def render(template: Template) -> str:
    out: list[str] = []
    for part in template:
        if isinstance(part, str):
            out.append(part)
        else:
            out.append(str(part.value))
    return "".join(out)


def fields(template: Template) -> list[str]:
    found: list[str] = []
    for part in template:
        match part:
            case Interpolation(value, expression, conversion, format_spec):
                found.append(f"{expression}={value!r}!{conversion or ''}:{format_spec}")
            case str():
                pass
    return found


def joined(first: Template, second: Template) -> Template:
    return first + second + Template("!", Interpolation(1, "1"))


def wrong(template: Template) -> str:
    return template.strings  #> wrong


def not_str(part: Interpolation[int]) -> str:
    return part.value  #> value
"""

VIEWS = """\
IMPORT
from mypkg.render import render


def greet(name: str) -> Template:
    return t"Hello {name}!"  #> greet


def page(name: str) -> str:
    return render(t"<p>{name}</p>") + render(greet(name))  #> page


def wrong_view(name: str) -> str:
    return t"{name}"  #> wrong_view
"""

APP = """\
import itertools

from mypkg.render import fields, joined, render
from mypkg.views import greet, page


def main() -> str:
    return render(greet("world"))


def newer(a: list[int]) -> object:
    return itertools.batched(a, 2)  #> batched
"""


def marks(text):
    """{name: line number} of the lines marked "#> name"."""
    found = {}
    for number, line in enumerate(text.splitlines(), 1):
        match = re.search(r"#> (\w+)$", line)
        if match:
            found[match.group(1)] = number
    return found


def section():
    text = PAGE.read_text(encoding="utf-8")
    start = text.index(HEADING)
    end = re.compile(r"\n## ").search(text, start + len(HEADING))
    return text[start : end.start() if end else len(text)]


def blocks(language):
    return re.findall(rf"```{language}\n(.*?)```", section(), re.S)


def page_import():
    (block,) = blocks("python")
    return block


def sources(imported):
    """{module: text} of the sample modules, with `imported` as their import."""
    return {
        "render": RENDER.replace("IMPORT\n", imported),
        "views": VIEWS.replace("IMPORT\n", imported),
        "app": APP,
    }


def make_project(root, modules, config=""):
    root.mkdir(exist_ok=True)
    (root / "pyproject.toml").write_text(PYPROJECT + config, encoding="utf-8")
    package = root / "src" / "mypkg"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    for name, text in modules.items():
        (package / f"{name}.py").write_text(text, encoding="utf-8")


def reported(root, command):
    """(exit code, {module: reported lines}, output) of a tool run in `root`."""
    # The tools find fstring-backport with the Python that runs this test
    # (pyright asks the first `python` on PATH).
    path = os.pathsep.join([os.path.dirname(sys.executable), os.environ.get("PATH", "")])
    env = dict(os.environ, PATH=path, NO_COLOR="1", PYRIGHT_PYTHON_IGNORE_WARNINGS="1")
    result = subprocess.run(command, cwd=str(root), env=env, capture_output=True, text=True, timeout=180)
    output = result.stdout + result.stderr
    lines = {"render": set(), "views": set(), "app": set()}
    for name, number in re.findall(r"mypkg[/\\](\w+)\.py:(\d+)", output):
        if name in lines:
            lines[name].add(int(number))
    return result.returncode, lines, output


def require(*tools):
    for tool in tools:
        if shutil.which(tool) is None:
            pytest.fail(f"{tool} is not installed: `tox -e linters` installs it")


@pytest.fixture(scope="module", autouse=True)
def installed_runtime():
    """The installed fstring-backport's package folder, checked to hold this repository's runtime."""
    spec = importlib.util.find_spec("fstring_backport")
    if spec is None or spec.origin is None:
        pytest.fail("fstring-backport is not installed: `tox -e linters` installs it")
    folder = Path(spec.origin).parent
    runtime = (folder / "templatelib.py").read_bytes()
    if runtime != (ROOT / "src" / "fstring_backport" / "templatelib.py").read_bytes():
        pytest.fail(f"the fstring-backport installed in {folder} is not this repository's: reinstall it")
    assert (folder / "py.typed").is_file(), "type checkers read only packages that ship py.typed"
    return folder


# tool: its command, with {version} for the version it checks at.
CHECKS = {
    "mypy": ["mypy", "--no-incremental", "--python-version", "{version}", "src"],
    "pyright": ["pyright", "--pythonversion", "{version}", "src"],
    "ty": ["ty", "check", "--python-version", "{version}", "--output-format", "concise", "src"],
    "pyrefly": ["pyrefly", "check", "--python-version", "{version}", "--output-format", "min-text"],
}


def at(tool, version):
    return [part.replace("{version}", version) for part in CHECKS[tool]]


@pytest.mark.parametrize("version", ["3.10", "3.14"])
@pytest.mark.parametrize("tool", sorted(CHECKS))
def test_page_import(tool, version, tmp_path):
    """The page's import: Template and Interpolation are real types at 3.10 and 3.14 alike."""
    require(tool)
    imported = page_import()
    modules = sources(imported)
    make_project(tmp_path, {"render": modules["render"]}, "\n[tool.pyrefly]\n")  # not its lenient preset
    code, lines, output = reported(tmp_path, at(tool, version))
    planted = marks(modules["render"])
    assert code != 0, output
    assert lines["render"] == {planted["wrong"], planted["value"]}, output


@pytest.mark.parametrize("tool", sorted(CHECKS))
def test_naive_import_at_310(tool, tmp_path):
    """`from string.templatelib import ...` is a missing module at 3.10, and Template is Any."""
    require(tool)
    modules = sources(NAIVE)
    make_project(tmp_path, {"render": modules["render"]}, "\n[tool.pyrefly]\n")
    code, lines, output = reported(tmp_path, at(tool, "3.10"))
    assert code != 0, output
    assert lines["render"] == {1}, output  # the planted errors go unseen
    assert "templatelib" in output, output


@pytest.mark.parametrize("tool", ["mypy", "pyright"])
def test_tstring_literals_at_310(tool, tmp_path):
    """What the page says each tool does with t-string literals at 3.10."""
    require(tool)
    modules = sources(page_import())
    make_project(tmp_path, modules)
    code, lines, output = reported(tmp_path, at(tool, "3.10"))
    views = marks(modules["views"])
    literals = {views["greet"], views["page"], views["wrong_view"]}
    planted = marks(modules["render"])
    assert code != 0, output
    assert lines["render"] == {planted["wrong"], planted["value"]}, output
    assert lines["app"] == {marks(APP)["batched"]}, output
    if tool == "mypy":
        assert lines["views"] == literals | {1}, output  # line 1: the module string.templatelib
        assert output.count("T-strings: requires Python 3.14 or newer (current target: Python 3.10)  [syntax]") == 3, (
            output
        )
        missing = 'Cannot find implementation or library stub for module named "string.templatelib"'
        assert f"views.py:1: error: {missing}" in output, output
    else:
        assert lines["views"] == literals, output
        assert output.count("Template string literals (t-strings) require Python 3.14 or newer") == 3, output
        # Returned where a Template is expected, and passed to render(): a str.
        assert output.count('"str" is not assignable to "Template"') == 2, output


def test_mypy_tstring_is_any_and_not_silenced(tmp_path):
    """mypy at 3.10: `# type: ignore` does not silence a t-string, which is Any."""
    require("mypy")
    make_project(tmp_path, {"views": 'ignored = t"a"  # type: ignore\nreveal_type(t"b")\n'})
    code, lines, output = reported(tmp_path, at("mypy", "3.10"))
    assert code != 0, output
    assert lines["views"] == {1, 2}, output
    assert "views.py:1: error: T-strings: requires Python 3.14" in output
    assert 'views.py:2: note: Revealed type is "Any"' in output


@pytest.mark.parametrize("version", ["3.12", "3.14"])
def test_pyright_per_file_version(version, tmp_path):
    """pyright, per-file pythonVersion: 3.12 rejects t-strings; 3.14 takes them, not as the 3.10 files' Template."""
    require("pyright")
    modules = sources(page_import())
    config = f"""
[tool.pyright]
pythonVersion = "3.10"

[[tool.pyright.executionEnvironments]]
root = "src/mypkg/views.py"
pythonVersion = "{version}"
"""
    make_project(tmp_path, modules, config)
    code, lines, output = reported(tmp_path, ["pyright"])
    views = marks(modules["views"])
    literals = {views["greet"], views["page"], views["wrong_view"]}
    assert code != 0, output
    rejected = output.count("Template string literals (t-strings) require Python 3.14 or newer")
    if version == "3.12":
        assert rejected == 3, output
        assert lines["views"] == literals, output
    else:
        assert rejected == 0, output
        # Returned where the Template of fstring-backport is expected, and passed to render().
        assert {views["greet"], views["page"]} <= lines["views"], output


# The page's commands for the check at 3.14, and the file pyright's reads.
MYPY_314 = "mypy --python-version 3.14 src src/mypkg/views.py"
PYRIGHT_314 = "pyright -p pyright-3.14.json"
PYRIGHT_314_FILE = "pyright-3.14.json"


@pytest.mark.parametrize("tool", ["mypy", "pyright"])
def test_page_settings_for_tstrings(tool, tmp_path):
    """The page's settings: all but views.py checked at 3.10, everything at 3.14."""
    require(tool)
    words = " ".join(section().split())
    assert f"`{MYPY_314}`" in words and f"`{PYRIGHT_314}`" in words and f"`{PYRIGHT_314_FILE}`" in words
    (settings,) = [block for block in blocks("toml") if "[tool.mypy]" in block]
    (pyright_314,) = blocks("json")
    modules = sources(page_import())
    make_project(tmp_path, modules, "\n" + settings)
    (tmp_path / PYRIGHT_314_FILE).write_text(pyright_314, encoding="utf-8")
    if tool == "mypy":
        at_310 = ["mypy", "--no-incremental", "src"]
        at_314 = MYPY_314.split()
        at_314.insert(1, "--no-incremental")
    else:
        at_310 = ["pyright"]
        at_314 = PYRIGHT_314.split()
    planted = marks(modules["render"])
    views = marks(modules["views"])

    code, lines, output = reported(tmp_path, at_310)
    assert code != 0, output
    assert lines == {"render": {planted["wrong"], planted["value"]}, "views": set(), "app": {marks(APP)["batched"]}}, (
        output
    )

    code, lines, output = reported(tmp_path, at_314)
    assert code != 0, output
    assert lines == {"render": {planted["wrong"], planted["value"]}, "views": {views["wrong_view"]}, "app": set()}, (
        output
    )


def test_runs_on_310_without_fstring_backport(tmp_path, installed_runtime):
    """The page's import at run time: the modules as the build step ships them, on python3.10 alone."""
    require("python3.10")
    from fstring_backport import transpile

    package = tmp_path / "mypkg"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    for name, text in sources(page_import()).items():
        shipped = transpile(text, target=(3, 10), runtime="mypkg._fstring_backport_templatelib")
        (package / f"{name}.py").write_text(shipped, encoding="utf-8")
    shutil.copy(installed_runtime / "templatelib.py", package / "_fstring_backport_templatelib.py")
    script = """\
import importlib.util, sys
assert importlib.util.find_spec("fstring_backport") is None
from mypkg.app import main, fields, joined, render, greet, page
from mypkg.render import Template
assert sys.modules["string.templatelib"].Template is Template
print(main())
print(page("x"))
print(fields(greet("y")))
print(render(joined(greet("a"), greet("b"))))
"""
    # -S: no site-packages, so no fstring-backport; -E: no PYTHONPATH.
    result = subprocess.run(
        ["python3.10", "-S", "-E", "-c", script], cwd=str(tmp_path), capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines() == [
        "Hello world!",
        "<p>x</p>Hello x!",
        "[\"name='y'!:\"]",
        "Hello a!Hello b!!1",
    ]
