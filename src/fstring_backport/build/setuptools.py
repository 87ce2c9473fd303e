"""The setuptools build step: ``build_py`` writes transpiled sources to the
build folder, so wheels ship them; sdists keep the originals.

Two ways in, neither needing a ``setup.py``:

- ``[tool.fstring-backport]`` in pyproject.toml: the
  ``setuptools.finalize_distribution_options`` entry point below then adds the
  step to whatever ``build_py`` the project uses;
- ``[tool.setuptools.cmdclass] build_py = "fstring_backport.build.setuptools.build_py"``.

A wheel whose modules hold t-strings also ships the copy of the t-string
runtime they import (:func:`fstring_backport.project.runtime_copies.runtime_for`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from setuptools.command.build_py import build_py as _setuptools_build_py

try:
    from setuptools.errors import BaseError as _SetuptoolsError
except ImportError:  # setuptools before 59
    # The same class, under the name it had there.
    from distutils.errors import DistutilsError as _SetuptoolsError  # type: ignore[assignment]

if TYPE_CHECKING:
    from setuptools.dist import Distribution

    # What the mixin is mixed into, for the type checker; at run time it has
    # no base, so that with_transpiling can put it in front of any build_py.
    _BuildPy = _setuptools_build_py
else:
    _BuildPy = object

from ..project.runtime_copies import Runtime, is_runtime_copy, runtime_for, runtime_source
from ..project.settings import read_toml
from ..project.writing import write_atomically
from .common import (
    BuildError,
    BuildStep,
    editable_pth,
    runtime_collisions,
    shown_path,
    top_level_names,
)


class TranspilingBuildPy(_BuildPy):
    """Mixed into a ``build_py`` class in front of it.

    Modules and package data both reach the build folder through
    ``copy_file``: the one place to transpile what is written there.  Then
    ``run`` adds the copies of the t-string runtime that the transpiled
    modules import.
    """

    # Any: the base's copy_file is overloaded for str and bytes paths;
    # build_py passes str.
    def copy_file(self, infile: Any, outfile: Any, *args: Any, **kwargs: Any) -> tuple[Any, bool]:
        relative = os.path.relpath(str(outfile), str(self.build_lib)).replace(os.sep, "/")
        step = self._fstring_backport_step()
        state = self._fstring_backport_state()
        state.copied.add(relative)
        if relative.startswith("../") or not step.selects(relative, infile):
            return super().copy_file(infile, outfile, *args, **kwargs)
        root = Path.cwd()
        runtime = runtime_for(relative, state.regular_packages(self))
        try:
            [(_, _, result)] = step.transpile_all([(Path(infile), shown_path(Path(infile), root), runtime)])
        except BuildError as exc:
            # setuptools prints "error: <message>", no traceback.
            raise _SetuptoolsError(str(exc)) from None
        if runtime.imported_by(result):
            state.runtimes.add(runtime)
        # Always written, even when the build folder holds a newer file:
        # that one may be stale, from a build without this step.
        write_atomically(Path(outfile), result, mode_from=Path(infile))
        return str(outfile), True

    def run(self) -> None:
        self._fstring_backport_run: _RunState | None = None  # this run's files
        super().run()
        if getattr(self, "editable_mode", False):
            self._write_editable_pth()  # the sources run in place, through the hook
        else:
            self._write_runtimes()

    def get_outputs(self, include_bytecode: Any = 1) -> list[str]:
        outputs: list[str] = super().get_outputs(include_bytecode)
        state = getattr(self, "_fstring_backport_run", None)
        if state is not None and not getattr(self, "editable_mode", False):
            outputs += [os.path.join(self.build_lib, *runtime.path.split("/")) for runtime in sorted(state.runtimes)]
        return outputs

    def _write_runtimes(self) -> None:
        """The t-string runtime beside the modules that import it; a copy
        left in the build folder by an earlier build and needed no more
        goes (setuptools ships whatever that folder holds)."""
        state = self._fstring_backport_state()
        try:
            runtime_collisions(state.runtimes, state.copied)
            source = runtime_source()
        except (BuildError, OSError) as exc:
            raise _SetuptoolsError(str(exc)) from None
        for runtime in sorted(state.runtimes):
            write_atomically(Path(self.build_lib, *runtime.path.split("/")), source)
        keep = state.copied | {runtime.path for runtime in state.runtimes}
        for folder, _, files in os.walk(str(self.build_lib)):
            for name in files:
                if is_runtime_copy(name) and name.endswith(".py"):
                    path = os.path.join(folder, name)
                    if os.path.relpath(path, str(self.build_lib)).replace(os.sep, "/") not in keep:
                        os.remove(path)

    def _fstring_backport_state(self) -> _RunState:
        state = getattr(self, "_fstring_backport_run", None)
        if state is None:
            state = self._fstring_backport_run = _RunState()
        return state

    def _write_editable_pth(self) -> None:
        """An editable wheel imports the sources in place; the ``.pth`` has
        the import hook cover them on 3.8-3.13 (3.12 f-strings before 3.12,
        3.14 t-strings before 3.14)."""
        step = self._fstring_backport_step()
        dist = self.distribution
        modules = [name.replace(".", "/") + ".py" for name in (dist.py_modules or ())]
        packages = [name.replace(".", "/") + "/__init__.py" for name in (dist.packages or ())]
        names = top_level_names(modules + packages)
        if not step.hooks_editable or not names:
            return
        # setuptools' editable_wheel points install_lib at the folder that
        # becomes the wheel, where the .pth goes with its own.
        wheel_folder = getattr(self.get_finalized_command("install"), "install_lib", None)
        if not wheel_folder:
            return
        name, text = editable_pth(dist.get_name(), names)
        write_atomically(Path(wheel_folder) / name, text.encode("utf-8"))

    def _fstring_backport_step(self) -> BuildStep:
        step = getattr(self, "_fstring_backport", None)
        if step is None:
            step = BuildStep(Path.cwd(), requires_python=self.distribution.python_requires or "")  # type: ignore[attr-defined]  # set by setuptools, not in types-setuptools
            self._fstring_backport = step
        return step


class _RunState:
    """What one run of ``build_py`` wrote to the build folder."""

    def __init__(self) -> None:
        self.copied: set[str] = set()  # every file, as a path in the wheel
        self.runtimes: set[Runtime] = set()  # the runtime copies to add
        self._regular: set[str] | None = None

    def regular_packages(self, command: _BuildPy) -> set[str]:
        """The folders (``a/b``) of the packages built that have an ``__init__.py``."""
        if self._regular is None:
            self._regular = {
                package.replace(".", "/")
                for package in command.packages or ()
                if os.path.isfile(os.path.join(command.get_package_dir(package), "__init__.py"))
            }
        return self._regular


def with_transpiling(command_class: type) -> type:
    """``command_class`` with the transpiling step in front of it."""
    if issubclass(command_class, TranspilingBuildPy):
        return command_class
    return type(command_class.__name__, (TranspilingBuildPy, command_class), {})


build_py = with_transpiling(_setuptools_build_py)


def _configured(dist: Distribution) -> bool:
    """Whether the project being built has ``[tool.fstring-backport]``, and
    does not name a ``build-backend`` there: then the wrapper backend
    (fstring_backport.build) rewrites the wheel setuptools builds."""
    pyproject = Path(dist.src_root or os.curdir) / "pyproject.toml"
    try:
        table = read_toml(pyproject).get("tool", {}).get("fstring-backport")
    except (OSError, ValueError, AttributeError):
        return False
    return isinstance(table, dict) and "build-backend" not in table


def finalize_distribution_options(dist: Distribution) -> None:
    """Runs for every setuptools build in an environment where
    fstring-backport is installed; acts only on projects that ask for it.

    pyproject's ``[tool.setuptools.cmdclass]`` is applied after this hook, so
    rather than set ``cmdclass["build_py"]`` (which that would replace), the
    step goes in front of whichever class the build asks for.
    """
    if not _configured(dist):
        return
    find_class = dist.get_command_class

    def get_command_class(command: str) -> type:
        found = find_class(command)
        if command != "build_py":
            return found
        transpiling = with_transpiling(found)
        dist.cmdclass[command] = transpiling
        return transpiling

    dist.get_command_class = get_command_class  # type: ignore[method-assign]  # the point: wrap the lookup
