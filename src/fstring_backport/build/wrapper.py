"""The wrapper backend, ``build-backend = "fstring_backport.build"``: any
PEP 517 backend builds, then fstring-backport rewrites its wheels.

Every hook is that of the backend ``[tool.fstring-backport] build-backend``
names (loaded as ``[build-system]`` loads one, ``backend-path`` included).
Its wheels are then rewritten (:mod:`fstring_backport.build.wheel`): the
modules transpiled for the target, the t-string runtime copies added,
``RECORD`` made right.  Its sdists and metadata stay as they are, but for an
editable install's: that wheel gets the ``.pth`` of the import hook, and it
and its metadata require fstring-backport where Python needs the hook.

A frontend runs each hook in a process of its own, in the project's
folder: the settings are read from ``./pyproject.toml``.  A bad setting, a
backend that cannot be loaded or a source that cannot be shipped ends the
hook's process with one message (as setuptools' errors do), not a traceback.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import TYPE_CHECKING, Any, Callable, NamedTuple, NoReturn, Sequence

from ..project.settings import SET_TARGET, Settings, load_settings, relative_within, target_of_requires_python
from ..project.wording import one_line

# The engine and the wheel's machinery are imported by the hooks that build:
# a frontend asks for requirements and metadata in processes of their own.
if TYPE_CHECKING:
    from .common import BuildStep
    from .wheel import Rewrite, WheelFile

# The hooks a backend may lack (PEP 517, PEP 660): the wrapper has one only
# where the backend has it, so that the frontend takes its default otherwise.
OPTIONAL_HOOKS = frozenset(
    (
        "get_requires_for_build_wheel",
        "get_requires_for_build_sdist",
        "prepare_metadata_for_build_wheel",
        "build_editable",
        "get_requires_for_build_editable",
        "prepare_metadata_for_build_editable",
    )
)
KEY = "[tool.fstring-backport] build-backend"
OWN_NAME = "fstring_backport.build"


class _Project(NamedTuple):
    """The project being built: its folder, settings and inner backend."""

    root: str
    pyproject: str
    settings: Settings
    backend: Any

    def step(self, requires_python: str) -> BuildStep:
        """The build's target and selection; ``requires_python`` is the
        built metadata's, for projects that declare it elsewhere than in
        ``[project]`` (poetry's ``[tool.poetry.dependencies] python``)."""
        from .common import BuildStep

        try:
            if self.settings.target is None:  # else the settings' target wins
                declared_as = f"{self.pyproject}: the built metadata's Requires-Python"
                target_of_requires_python(requires_python, declared_as, SET_TARGET)
            return BuildStep(self.root, requires_python=requires_python, settings=self.settings)
        except ValueError as exc:
            fail(str(exc))

    def locate(self, module_path: str) -> str | None:
        """The project's file that a wheel's module was built from, when it
        lies at the same path in the project or under ``src/``."""
        for candidate in (os.path.join(self.root, module_path), os.path.join(self.root, "src", module_path)):
            if os.path.isfile(candidate):
                return candidate
        return None


_loaded: dict[str, _Project] = {}


def fail(message: str) -> NoReturn:
    """End the hook's process with ``message`` on standard error."""
    from .common import PROJECT_NAME

    raise SystemExit(message if message.startswith(PROJECT_NAME) else f"{PROJECT_NAME}: {message}")


def project() -> _Project:
    """The project in the current folder, its backend loaded (once)."""
    root = os.getcwd()
    found = _loaded.get(root)
    if found is None:
        found = _loaded[root] = _load(root)
    return found


def _load(root: str) -> _Project:
    pyproject = os.path.join(root, "pyproject.toml")
    if not os.path.isfile(pyproject):
        fail(f"no pyproject.toml in {root}: {OWN_NAME} reads {KEY} there")
    try:
        settings = load_settings(pyproject)
    except ValueError as exc:
        fail(str(exc))
    reference = settings.build_backend
    if reference is None:
        fail(
            f"{pyproject}: {KEY} is missing: name the build backend that builds the project "
            '(such as "uv_build" or "flit_core.buildapi"), and list it in [build-system] requires'
        )
    where = f"{pyproject}: {KEY} = {reference!r}"
    module_name, _, object_name = reference.partition(":")
    if module_name == OWN_NAME or module_name.startswith(OWN_NAME + "."):
        fail(f"{where} names fstring-backport's own wrapper: name the backend it wraps")
    folders = _backend_path(root, pyproject, settings.backend_path)
    sys.path[:0] = folders
    try:
        backend: Any = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        missing = exc.name or ""
        if missing and (module_name == missing or module_name.startswith(missing + ".")):
            fail(f"{where} cannot be imported (no module named {missing!r}): list it in [build-system] requires")
        fail(f"{where} cannot be imported: {one_line(exc)}")
    except Exception as exc:  # the backend's own failure, in one line
        fail(f"{where} cannot be imported: {type(exc).__name__}: {one_line(exc)}")
    if folders:
        loaded_from = os.path.realpath(getattr(backend, "__file__", "") or "")
        if all(relative_within(loaded_from, folder) is None for folder in folders):
            fail(f"{where} was imported from {loaded_from}, outside [tool.fstring-backport] backend-path")
    for part in filter(None, object_name.split(".")):
        try:
            backend = getattr(backend, part)
        except AttributeError:
            fail(f"{where} cannot be found: {module_name} has no {object_name!r}")
    for hook in ("build_wheel", "build_sdist"):
        if not callable(getattr(backend, hook, None)):
            fail(f"{where} is not a build backend: it has no {hook} hook")
    return _Project(root, pyproject, settings, backend)


def _backend_path(root: str, pyproject: str, entries: Sequence[str]) -> list[str]:
    """The folders of ``backend-path``, which must lie in the project."""
    real_root = os.path.realpath(root)
    folders = []
    for entry in entries:
        folder = os.path.realpath(os.path.join(root, entry))
        if relative_within(folder, real_root) is None:
            fail(f"{pyproject}: [tool.fstring-backport] backend-path {entry!r} is outside the project")
        folders.append(folder)
    return folders


# -- the hooks -----------------------------------------------------------------


def build_wheel(
    wheel_directory: str, config_settings: dict[str, Any] | None = None, metadata_directory: str | None = None
) -> str:
    built = project()
    name: str = built.backend.build_wheel(wheel_directory, config_settings, metadata_directory)
    _rewrite_built_wheel(built, os.path.join(wheel_directory, name), editable=False)
    return name


def build_sdist(sdist_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    name: str = project().backend.build_sdist(sdist_directory, config_settings)
    return name


def build_editable(
    wheel_directory: str, config_settings: dict[str, Any] | None = None, metadata_directory: str | None = None
) -> str:
    built = project()
    if metadata_directory is not None and _requires_us(os.path.join(metadata_directory, "METADATA")):
        # That metadata is ours, not the backend's, which may refuse it
        # (uv_build: "Inconsistent metadata between prepare and build
        # step"): the backend makes its own, and the wheel then gets the
        # same requirement as the metadata.
        metadata_directory = None
    name: str = built.backend.build_editable(wheel_directory, config_settings, metadata_directory)
    _rewrite_built_wheel(built, os.path.join(wheel_directory, name), editable=True)
    return name


def _requires_us(metadata: str) -> bool:
    from .common import editable_requirement
    from .wheel import with_requirement

    try:
        with open(metadata, "rb") as file:
            data = file.read()
    except OSError:
        return False
    return with_requirement(data, editable_requirement()) == data


def prepare_metadata_for_build_editable(metadata_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    """The backend's metadata, requiring fstring-backport where the editable
    wheel's ``.pth`` needs the import hook, as the wheel's own does (pip
    checks that they agree)."""
    from .common import editable_requirement
    from .wheel import header_value, with_requirement

    built = project()
    name: str = built.backend.prepare_metadata_for_build_editable(metadata_directory, config_settings)
    metadata = os.path.join(metadata_directory, name, "METADATA")
    with open(metadata, "rb") as file:
        data = file.read()
    if built.step(header_value(data, "Requires-Python") or "").hooks_editable:
        with open(metadata, "wb") as file:
            file.write(with_requirement(data, editable_requirement()))
    return name


_WRAPPED: dict[str, Callable[..., str]] = {
    "build_editable": build_editable,
    "prepare_metadata_for_build_editable": prepare_metadata_for_build_editable,
}


def optional_hook(name: str) -> Callable[..., Any]:
    """The hook ``name``, which the inner backend may lack: then AttributeError,
    and the frontend does what PEP 517 says it does without it."""
    backend = project().backend
    if not callable(getattr(backend, name, None)):
        raise AttributeError(f"{OWN_NAME}: the backend it wraps has no {name} hook")
    wrapped = _WRAPPED.get(name)
    if wrapped is not None:
        return wrapped
    hook: Callable[..., Any] = getattr(backend, name)  # the requirements and metadata: the backend's own
    return hook


# -- rewriting what the backend built ------------------------------------------


def _rewrite_built_wheel(built: _Project, path: str, editable: bool) -> None:
    """Rewrite the wheel the backend wrote at ``path`` in place; on failure
    remove it (no wheel ships untranspiled) and end with the message."""
    from .common import BuildError
    from .wheel import Rewrite, WheelError, rewrite_wheel

    def plan(wheel: WheelFile) -> Rewrite:
        step = built.step(wheel.requires_python())
        rewrite = Rewrite(wheel)
        if editable:
            if step.hooks_editable:
                _add_editable_hook(rewrite, wheel)
        elif step.needed:
            rewrite.transpile_modules(step, _shown(built, os.path.basename(path)), built.locate)
        return rewrite

    try:
        # The backend has just written the wheel and its RECORD: its hashes
        # are not checked again (the rewriter checks those of wheels it is given).
        rewrite_wheel(path, path, plan, durable=False, check_hashes=False)
    except (WheelError, BuildError) as exc:
        try:
            os.unlink(path)
        except OSError:
            pass
        fail(f"{os.path.basename(path)}: {exc}" if isinstance(exc, WheelError) else str(exc))


def _shown(built: _Project, wheel_name: str) -> Callable[[str, str], str]:
    from .common import shown_path

    def shown(member: str, module_path: str) -> str:
        source = built.locate(module_path)
        return shown_path(source, built.root) if source is not None else f"{wheel_name}!{member}"

    return shown


def _add_editable_hook(rewrite: Rewrite, wheel: WheelFile) -> None:
    from .common import PROJECT_NAME, editable_pth, editable_requirement

    names = editable_packages(wheel)
    if names:
        pth_name, text = editable_pth(wheel.project_name(), names)
        rewrite.add_editable_hook(pth_name, text, editable_requirement())
    else:
        sys.stderr.write(
            f"{PROJECT_NAME}: found no package in the editable wheel {wheel.name}; "
            "its sources are imported without the import hook\n"
        )


def editable_packages(wheel: WheelFile) -> list[str]:
    """The top-level packages and modules an editable wheel makes
    importable from the project: those in the folders its ``.pth`` files
    name (what uv_build, flit-core, poetry-core, pdm-backend and hatchling
    write), and those setuptools' finder maps."""
    import re

    from .common import top_level_names

    paths: list[str] = []
    for info in wheel.members:
        name = info.filename
        if "/" in name:
            continue
        if name.endswith(".pth"):
            for line in wheel.read(name).decode("utf-8", errors="replace").splitlines():
                line = line.strip()
                if not line or line.startswith(("#", "import ", "import\t")):
                    continue
                if os.path.isabs(line) and os.path.isdir(line):
                    paths.extend(_importable_in(line))
        elif name.startswith("__editable__") and name.endswith("_finder.py"):
            import ast

            found = re.search(r"^MAPPING\b[^=\n]*=\s*(\{.*\})\s*$", wheel.read(name).decode("utf-8"), re.MULTILINE)
            if found:
                try:
                    mapping = ast.literal_eval(found.group(1))
                except (ValueError, SyntaxError):
                    mapping = {}
                paths.extend(str(module).split(".")[0] + "/__init__.py" for module in mapping)
    return top_level_names(paths)


def _importable_in(folder: str) -> list[str]:
    """The modules (``m.py``) and packages (``pkg/__init__.py``, or any
    ``.py`` directly in a folder for a namespace package) in ``folder``."""
    from ..project.selection import VENV_MARKER

    found = []
    for entry in sorted(os.scandir(folder), key=lambda entry: entry.name):
        if entry.name.endswith(".py") and entry.is_file():
            found.append(entry.name)
        elif entry.name.isidentifier() and entry.is_dir():
            try:
                inside = os.listdir(entry.path)
            except OSError:
                continue
            if any(child.endswith(".py") for child in inside) and VENV_MARKER not in inside:
                found.append(entry.name + "/__init__.py")
    return found
