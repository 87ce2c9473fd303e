"""Where the copies of the t-string runtime go and what they are called:
in a wheel (:func:`runtime_for`, the build steps: tests/build/) and in a
tree the command line writes (:func:`runtime_in_tree`, ``--copy-runtime``:
tests/cli/test_copy_runtime.py); every copy is the runtime verbatim."""

import os
from pathlib import Path

import pytest

from fstring_backport.project.runtime_copies import (
    Runtime,
    is_runtime_copy,
    regular_packages,
    runtime_for,
    runtime_in_tree,
    runtime_source,
    taken,
)

SHIPPED = ["pkg/__init__.py", "pkg/sub/__init__.py", "pkg/sub/mod.py", "ns/inner/__init__.py", "m.py"]


@pytest.mark.parametrize(
    "module, runtime, path",
    [
        # One copy per top-level package, which only this wheel ships into.
        ("pkg/__init__.py", "pkg._fstring_backport_templatelib", "pkg/_fstring_backport_templatelib.py"),
        ("pkg/sub/mod.py", "pkg._fstring_backport_templatelib", "pkg/_fstring_backport_templatelib.py"),
        ("pkg/no_init/mod.pyi", "pkg._fstring_backport_templatelib", "pkg/_fstring_backport_templatelib.py"),
        # A top-level module: a copy named after it, beside it.
        ("m.py", "_fstring_backport_templatelib_m", "_fstring_backport_templatelib_m.py"),
        # A namespace package may be shared by several wheels: named after
        # the module there too, unless a regular package holds it.
        ("ns/m.py", "ns._fstring_backport_templatelib_m", "ns/_fstring_backport_templatelib_m.py"),
        ("ns/inner/deep/m.py", "ns.inner._fstring_backport_templatelib", "ns/inner/_fstring_backport_templatelib.py"),
        # Not importable as a module: by its bare name, for a script.
        (
            "my-scripts/run-it.py",
            "_fstring_backport_templatelib_run_it",
            "my-scripts/_fstring_backport_templatelib_run_it.py",
        ),
    ],
)
def test_runtime_copy_of_each_module(module, runtime, path):
    assert runtime_for(module, regular_packages(SHIPPED)) == Runtime(runtime, path)


def test_runtime_copy_is_the_runtime_verbatim():
    """Whatever copy loads first in a process registers string.templatelib,
    so every copy must be the same file: this installation's own."""
    from fstring_backport import templatelib

    assert runtime_source() == Path(templatelib.__file__).read_bytes()


# A tree as the command line writes it: the folders holding __init__.py.
TREE = ["src/pkg/__init__.py", "src/pkg/sub/__init__.py", "out/__init__.py", "out/x/__init__.py"]


@pytest.mark.parametrize(
    "module, runtime, copy",
    [
        # The outermost package of an unbroken chain of __init__.py: src is a folder on sys.path.
        ("src/pkg/sub/mod.py", "pkg._fstring_backport_templatelib", "src/pkg/_fstring_backport_templatelib.py"),
        ("src/pkg/__init__.py", "pkg._fstring_backport_templatelib", "src/pkg/_fstring_backport_templatelib.py"),
        # A folder without __init__.py ends the package, as for pytest and mypy.
        ("src/pkg/data/m.py", "_fstring_backport_templatelib_m", "src/pkg/data/_fstring_backport_templatelib_m.py"),
        ("tool.py", "_fstring_backport_templatelib_tool", "_fstring_backport_templatelib_tool.py"),
        ("tests/test_a.py", "_fstring_backport_templatelib_test_a", "tests/_fstring_backport_templatelib_test_a.py"),
        ("my-scripts/run-it.py", "_fstring_backport_templatelib_run_it",
         "my-scripts/_fstring_backport_templatelib_run_it.py"),
        # A tree whose top holds __init__.py is a package, named as its folder is.
        ("out/x/m.py", "out._fstring_backport_templatelib", "out/_fstring_backport_templatelib.py"),
    ],
)
def test_runtime_copy_in_a_tree(tmp_path, module, runtime, copy):
    packages = {os.path.dirname(str(tmp_path / name)) for name in TREE}
    found, path = runtime_in_tree(str(tmp_path / module), packages.__contains__)
    assert found.module == runtime
    assert path == str(tmp_path / copy)


def test_a_file_named_as_a_copy_is_one():
    assert is_runtime_copy("pkg/_fstring_backport_templatelib.py")
    assert is_runtime_copy("_fstring_backport_templatelib_m.py")
    assert is_runtime_copy(os.path.join("a", "_fstring_backport_templatelib_m.py"))
    assert not is_runtime_copy("_fstring_backport_templatelib/m.py")
    assert not is_runtime_copy("templatelib.py")
    assert taken("pkg/x.py").startswith("pkg/x.py: this name is the t-string runtime's ")
