"""The copies of the t-string runtime (``fstring_backport/templatelib.py``)
that output carries so that it runs without fstring-backport: what each is
called, where it goes, and its text.

The build steps put them into wheels (:func:`runtime_for`, over the paths
the wheel ships); the command line's ``--copy-runtime`` into the tree it
writes (:func:`runtime_in_tree`, which finds each module's package as
Python does and then places the copy by the same rule).
"""

from __future__ import annotations

import os
from typing import Callable, Container, Iterable, NamedTuple

# The module name of a runtime copy (see runtime_for).
RUNTIME_STEM = "_fstring_backport_templatelib"


class Runtime(NamedTuple):
    """A copy of the t-string runtime (``fstring_backport/templatelib.py``)
    that output ships, so that it runs without fstring-backport."""

    module: str  # what transpiled modules import: "pkg._fstring_backport_templatelib"
    path: str  # where it goes: "pkg/_fstring_backport_templatelib.py"

    def imported_by(self, code: bytes) -> bool:
        """Whether transpiled ``code`` names this copy (imports it, in fact)."""
        return self.module.encode("ascii") in code


def runtime_for(distribution_path: str, regular: Container[str]) -> Runtime:
    """The runtime copy that the module shipped at ``distribution_path`` imports.

    A module in a regular package (``regular`` holds the folders,
    ``a/b``, whose ``__init__.py`` the wheel ships) imports
    ``<package>._fstring_backport_templatelib``, one copy in the outermost
    such package: only this wheel ships files there.  A namespace package
    (PEP 420) may be shared by several wheels, so a module in none (a
    top-level ``m.py``, or ``ns/m.py``) has a copy beside it named after
    it, ``_fstring_backport_templatelib_m``, which another wheel could only
    ship with ``m.py`` itself.  A module under a folder that is no package
    name (``my-scripts/tool.py``) imports that copy by its bare name, which
    works when it runs as a script (its folder is then first on sys.path).
    """
    parts = distribution_path.replace("\\", "/").split("/")
    folders = parts[:-1]
    importable = all(folder.isidentifier() for folder in folders)
    for depth in range(1, len(folders) + 1):
        package = folders[:depth]
        if not package[-1].isidentifier():
            break
        if "/".join(package) in regular:
            return Runtime(".".join(package) + "." + RUNTIME_STEM, "/".join(package) + f"/{RUNTIME_STEM}.py")
    stem = parts[-1].partition(".")[0]
    name = RUNTIME_STEM + "_" + "".join(c if ("_" + c).isidentifier() else "_" for c in stem)
    module = ".".join(folders + [name]) if importable else name
    return Runtime(module, "/".join(folders + [name + ".py"]))


def regular_packages(distribution_paths: Iterable[str]) -> set[str]:
    """The folders (``a/b``) of the packages whose ``__init__.py`` a wheel ships."""
    marker = "/__init__.py"
    paths = (path.replace("\\", "/") for path in distribution_paths)
    return {path[: -len(marker)] for path in paths if path.endswith(marker)}


def runtime_in_tree(module: str, is_package: Callable[[str], bool]) -> tuple[Runtime, str]:
    """The runtime copy that the module at ``module`` (a file's path) imports
    in a tree of files, and the copy's path (absolute).

    ``is_package(folder)`` (an absolute path) says whether the tree has that
    folder's ``__init__.py``.  The module's package is found as Python finds
    it, and as pytest and mypy do: the folders above it that hold
    ``__init__.py``, up to the first that does not, which is taken for a
    folder on sys.path.  Then :func:`runtime_for` places the copy from that
    folder: in the outermost package (``pkg/_fstring_backport_templatelib.py``),
    or beside a module in no package, named after it.  A folder without
    ``__init__.py`` is never taken for a namespace package (PEP 420): a
    package inside one would import its copy by a name too short.
    """
    folder = os.path.dirname(os.path.abspath(module))
    packages: list[str] = []
    while is_package(folder):
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        packages.insert(0, os.path.basename(folder))
        folder = parent
    distribution_path = "/".join(packages + [os.path.basename(module)])
    regular = {"/".join(packages[:depth]) for depth in range(1, len(packages) + 1)}
    runtime = runtime_for(distribution_path, regular)
    return runtime, os.path.join(folder, *runtime.path.split("/"))


def is_runtime_copy(name: str) -> bool:
    """Whether the file ``name`` (a path, or a path in a wheel) is named as a
    runtime copy: never transpiled, since the runtime, which registers
    ``string.templatelib``, would get an import of itself."""
    return name.replace("\\", "/").rpartition("/")[2].startswith(RUNTIME_STEM)


def taken(shown: str) -> str:
    """The error for a file of the project at a runtime copy's place,
    ``shown`` as messages name it: it is never replaced."""
    return f"{shown}: this name is the t-string runtime's that fstring-backport ships; rename the file"


def runtime_source() -> bytes:
    """The runtime's source, which every copy is verbatim: the file of the
    fstring-backport running (found through its loader, so a zipped
    installation serves too).  OSError when it cannot be read."""
    import pkgutil  # here: output without t-strings never needs it

    data = pkgutil.get_data("fstring_backport", "templatelib.py")
    if data is None:  # a loader that cannot read files
        raise OSError("fstring-backport: cannot read its t-string runtime, templatelib.py")
    return data
