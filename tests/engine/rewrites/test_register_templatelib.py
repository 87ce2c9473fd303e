"""Every way 3.14 accepts of importing ``string.templatelib`` works before 3.14.

The t-string runtime registers ``string.templatelib`` when it is imported,
so a module that imports that module gets the runtime's import first: in
whatever spelling, in a function or a ``try`` block, and in a module with
no line above its first statement (where the runtime is loaded in front of
the import statement itself).  Each module below holds no t-string and is
the first module its process imports; it runs, transpiled, on 3.8, 3.11 and
3.13 as python3.15 runs the original.
"""

import subprocess

import pytest

from fstring_backport import transpile
from fstring_backport.build.common import BuildStep
from fstring_backport.engine.lexer import lex
from fstring_backport.engine.templates import templatelib_references
from fstring_backport.project.runtime_copies import runtime_for, runtime_source

from support.cli import run
from support.pythons import child_environment, interpreter, oracle, plain_environment

# What each module prints: the classes it reached, as 3.15 names them.
SHOW = "print(Template.__module__, Template.__name__, Interpolation.__name__, list(Template('a')))\n"
SHOW_MODULE = "Template, Interpolation = tl.Template, tl.Interpolation\n" + SHOW

SPELLINGS = {
    "from-import": "from string import templatelib as tl\n" + SHOW_MODULE,
    "from-import-plain": "from string import templatelib\ntl = templatelib\n" + SHOW_MODULE,
    "from-import-among-others": "from string import ascii_letters, templatelib as tl\n" + SHOW_MODULE,
    "from-import-brackets": (
        "from string import (\n    ascii_letters,\n    templatelib,\n)\ntl = templatelib\n" + SHOW_MODULE
    ),
    "from-import-continued": "from string \\\n    import templatelib as tl\n" + SHOW_MODULE,
    "import-dotted": "import string.templatelib\ntl = string.templatelib\n" + SHOW_MODULE,
    "import-dotted-as": "import string.templatelib as tl\n" + SHOW_MODULE,
    "import-among-others": "import os, string . templatelib as tl\n" + SHOW_MODULE,
    "from-submodule": "from string.templatelib import Interpolation, Template\n" + SHOW,
    "docstring-then-try": (
        '"""A module."""\ntry:\n    from string import templatelib as tl\nexcept ImportError:\n    tl = None\n'
        + SHOW_MODULE
    ),
    # No line above the first statement: the runtime is loaded in front of the import.
    "in-a-function": (
        "def load():\n    from string import templatelib\n    return templatelib\n\n\ntl = load()\n" + SHOW_MODULE
    ),
    "in-a-try-block": (
        "try:\n    from string import templatelib as tl\nexcept ImportError:\n    tl = None\n" + SHOW_MODULE
    ),
    "one-line-if": "if True: from string.templatelib import Template, Interpolation\n" + SHOW,
    "class-body": "class Names:\n    from string import templatelib as tl\n\n\ntl = Names.tl\n" + SHOW_MODULE,
}

# Code that names templatelib without importing string.templatelib.
NOT_IMPORTS = [
    "'string.templatelib'\n",
    "templatelib = 1\n",
    "from string import Template as templatelib\n",
    "from strings import templatelib\n",
    "from string.templatelibs import x\n",
    "import templatelib\n",
    "from . import templatelib\n",
    "x.string.templatelibs\n",
]


@pytest.mark.parametrize("name", list(SPELLINGS))
def test_each_spelling_gets_the_runtime_first(name):
    source = SPELLINGS[name]
    lowered = transpile(source, "3.8", "m.py")
    assert lowered != source and lowered.count("\n") == source.count("\n")
    runtime_first = "from fstring_backport.templatelib import build as _fstring_backport_t"
    loaded_first = "__import__('fstring_backport.templatelib'); "
    assert (runtime_first in lowered) != (loaded_first in lowered)
    assert transpile(lowered, "3.8", "m.py") == lowered  # once
    assert transpile(source, "3.13", "m.py") == lowered  # 3.12 and 3.13 lack string.templatelib too
    assert transpile(source, "3.14", "m.py") is source


@pytest.mark.parametrize("source", NOT_IMPORTS)
def test_other_names_get_nothing(source):
    assert transpile(source, "3.8") == source
    assert templatelib_references(lex(source)).imports == []


def test_the_import_statements_are_found_where_they_start():
    source = "x = 1\nif x:\n    from string import (\n        templatelib)\nimport os, string.templatelib\n"
    found = templatelib_references(lex(source)).imports
    assert [source[offset : offset + 6] for offset in found] == ["from s", "import"]
    assert [source.count("\n", 0, offset) + 1 for offset in found] == [3, 5]


def run_module(python, name, env):
    return subprocess.run([python, "-c", f"import {name}"], capture_output=True, text=True, env=env)


@pytest.fixture(scope="module")
def expected(tmp_path_factory):
    """What python3.15 prints importing each original module first."""
    folder = tmp_path_factory.mktemp("originals")
    printed = {}
    for name, source in SPELLINGS.items():
        module = name.replace("-", "_")
        (folder / f"{module}.py").write_text(source)
        result = run_module(oracle(), module, plain_environment(folder))
        assert result.returncode == 0, result.stderr
        printed[name] = result.stdout
    assert set(printed.values()) == {"string.templatelib Template Interpolation ['a']\n"}
    return printed


@pytest.mark.slow  # three interpreters, a process per module
@pytest.mark.parametrize("version", ["3.8", "3.11", "3.13"])
def test_the_command_lines_output_runs_each_as_the_first_module_imported(version, expected, tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    for name, source in SPELLINGS.items():
        (src / (name.replace("-", "_") + ".py")).write_text(source)
    out = tmp_path / "out"
    written = run("--target", "3.8", str(src), "-o", str(out))
    assert written.returncode == 0, written.stderr
    for name in SPELLINGS:
        result = run_module(interpreter(version), name.replace("-", "_"), child_environment(out))
        assert (result.returncode, result.stdout) == (0, expected[name]), (name, result.stderr)


@pytest.mark.slow
@pytest.mark.parametrize("version", ["3.8", "3.11"])
def test_the_build_step_ships_the_runtime_copy_for_each(version, expected, tmp_path):
    """The build step's output for a module of a regular package imports the
    package's copy of the runtime, and runs with that copy alone."""
    (tmp_path / "pyproject.toml").write_text('[project]\nrequires-python = ">=3.8"\n')
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    jobs = []
    for name, source in SPELLINGS.items():
        path = package / (name.replace("-", "_") + ".py")
        path.write_text(source)
        shipped = "pkg/" + path.name
        jobs.append((path, shipped, runtime_for(shipped, {"pkg"})))
    wheel = tmp_path / "wheel"
    (wheel / "pkg").mkdir(parents=True)
    (wheel / "pkg" / "__init__.py").write_text("")
    for (_, shipped, runtime), (_, _, result) in zip(jobs, BuildStep(tmp_path).transpile_all(jobs)):
        assert runtime.imported_by(result), shipped  # so the wheel ships the copy
        (wheel / shipped).write_bytes(result)
    (wheel / "pkg" / "_fstring_backport_templatelib.py").write_bytes(runtime_source())
    for name in SPELLINGS:
        result = run_module(interpreter(version), "pkg." + name.replace("-", "_"), plain_environment(wheel))
        assert (result.returncode, result.stdout) == (0, expected[name]), (name, result.stderr)
