"""Code run under the import hook in a child Python, and a project's tests
run by pytest under the hook: through ``python -m fstring_backport run -m
pytest`` or with the plugin (``pytest --fstring-backport``)."""

import site
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Union

import pytest

from .pythons import REPO, child_environment


def python(
    args: List[str], env: Dict[str, str], cwd: Union[str, Path], executable: str = sys.executable
) -> "subprocess.CompletedProcess[str]":
    """``executable`` run with ``args`` in ``cwd``; its output as text."""
    return subprocess.run([executable] + args, capture_output=True, text=True, env=env, cwd=str(cwd))


def import_through_the_hook(root: Path, package: str, source: str) -> "subprocess.CompletedProcess[str]":
    """This Python importing ``package`` (its ``__init__.py`` is ``source``,
    written under ``root``) through the import hook, and printing its
    ``VALUE``."""
    (root / package).mkdir()
    (root / package / "__init__.py").write_text(source)
    hooked = f"import fstring_backport; fstring_backport.install({package!r}); import {package}; print({package}.VALUE)"
    return python(["-c", hooked], child_environment(), root)


def pytest_command(*, under_run: bool = False, plugin: bool = False) -> List[str]:
    """The arguments of a Python that runs pytest: under ``python -m
    fstring_backport run`` or not, with ``--fstring-backport`` or not."""
    command = ["-m", "fstring_backport", "run", "-m", "pytest"] if under_run else ["-m", "pytest"]
    return command + (["--fstring-backport"] if plugin else [])


# The two ways of running tests written in the new syntax.
WAYS = {"run": {"under_run": True}, "plugin": {"plugin": True}}


def run_project_tests(
    project: Path,
    way: str,
    *pytest_args: str,
    paths: Sequence[Path] = (),
    executable: str = sys.executable,
    **changes: Optional[str],
) -> "subprocess.CompletedProcess[str]":
    """pytest over the tests of ``project`` (run in its folder, which is
    first on PYTHONPATH, then ``paths``), ``way`` being ``"run"`` (``python
    -m fstring_backport run -m pytest``) or ``"plugin"`` (``pytest
    --fstring-backport``).  ``changes`` change the environment (see
    :func:`support.pythons.child_environment`); no pytest cache is written.

    The interpreter must have the package installed (its pytest plugin is
    found by its entry point, and child processes get the hook through
    its ``.pth``): see :func:`installed_python`.
    """
    args = pytest_command(**WAYS[way]) + ["-p", "no:cacheprovider", *pytest_args]
    return python(args, child_environment(project, *paths, **changes), project, executable)


HOOK_PTH = "fstring_backport-hook.pth"


def installed_python() -> str:
    """This interpreter, which must process fstring-backport's ``.pth`` file
    at start-up, as it does when the package is installed in its
    site-packages (tox, ``pip install -e .``): child processes get the hook
    through that file, never through PYTHONPATH alone."""
    folders = site.getsitepackages() + [site.getusersitepackages()]
    if not any((Path(folder) / HOOK_PTH).is_file() for folder in folders):
        pytest.fail(f"{sys.executable} has no {HOOK_PTH} in its site-packages: install the package (pip install -e .)")
    return sys.executable


def package_wheel(folder: Path) -> Path:
    """A wheel of fstring-backport built from this checkout, in ``folder``."""
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--disable-pip-version-check", str(REPO)]
        + ["-w", str(folder)],
        check=True,
    )
    [wheel] = folder.glob("fstring_backport-*.whl")
    return wheel


def venv_with_the_package(folder: Path, python: str, wheel: Path, *requirements: str) -> str:
    """A virtual environment of ``python`` in ``folder`` (see
    :func:`support.builds.make_venv`), with fstring-backport installed from
    ``wheel`` (its dependencies, its ``.pth`` file, its pytest plugin's
    entry point) and ``requirements``; its python."""
    from .builds import make_venv

    make_venv(python, folder)
    installed = str(folder / "bin" / "python")
    subprocess.run(
        [installed, "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheel), *requirements],
        check=True,
    )
    return installed
