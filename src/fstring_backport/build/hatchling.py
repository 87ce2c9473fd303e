"""The hatchling build hook: wheels ship transpiled sources, sdists the originals.

Enabled by ``[tool.hatch.build.hooks.fstring-backport]`` in a project whose
``[build-system] requires`` lists ``fstring-backport``; its options are
``target`` (default: ``[tool.fstring-backport] target``, else the lower bound
of ``requires-python``, else 3.8), ``inline-constants`` and
``future-annotations`` (default: those of ``[tool.fstring-backport]``).  A wheel whose modules hold t-strings
also ships the copy of the t-string runtime they import
(:func:`fstring_backport.project.runtime_copies.runtime_for`).
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface
from hatchling.plugin import hookimpl

from ..project.runtime_copies import regular_packages, runtime_for, runtime_source
from .common import (
    BuildStep,
    editable_pth,
    editable_requirement,
    runtime_collisions,
    shown_path,
    top_level_names,
)


class FstringBackportBuildHook(BuildHookInterface):
    PLUGIN_NAME = "fstring-backport"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._temporary: Path | None = None

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return  # the sdist keeps the 3.12 sources
        step = BuildStep(
            Path(self.root),
            target=self.config.get("target"),
            requires_python=self.metadata.core.requires_python,
            inline_constants=_flag(self.config, "inline-constants"),
            future_annotations=_flag(self.config, "future-annotations"),
        )
        if version == "editable":
            if step.hooks_editable:
                self._add_editable_hook(build_data)
        elif step.needed:
            self._add_transpiled_files(step, build_data)

    def _add_transpiled_files(self, step: BuildStep, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        included = {
            included.distribution_path: Path(included.path)
            for included in self.build_config.builder.recurse_included_files()
        }
        regular = regular_packages(included)
        chosen = {
            distribution_path: (path, runtime_for(distribution_path, regular))
            for distribution_path, path in included.items()
            if step.selects(distribution_path, path)
        }
        # A bad file raises BuildError: its message names each one.
        results = step.transpile_all((path, shown_path(path, root), runtime) for path, runtime in chosen.values())
        copies = set()
        for (distribution_path, (_, runtime)), (_, original, result) in zip(chosen.items(), results):
            if runtime.imported_by(result):
                copies.add(runtime)
            if result == original:
                continue  # ships as it is
            # One file at a time: a folder mapped onto the package would put
            # each module in the wheel twice (hatchling reserves only the
            # exact paths of forced files, and only those outside the project).
            # A file the project itself force-includes one by one cannot be
            # replaced so: hatchling then stops at "a second file" at its path.
            self._force_include(build_data, distribution_path, result)
        # The t-string runtime, beside the modules that import it: never
        # transpiled (it is valid for 3.8) nor selected (it is not the project's).
        runtime_collisions(copies, included)
        for copy in sorted(copies):
            self._force_include(build_data, copy.path, runtime_source())

    def _force_include(self, build_data: dict[str, Any], distribution_path: str, data: bytes) -> None:
        written = self._temporary_folder() / distribution_path
        written.parent.mkdir(parents=True, exist_ok=True)
        written.write_bytes(data)
        build_data["force_include"][str(written)] = distribution_path

    def _add_editable_hook(self, build_data: dict[str, Any]) -> None:
        packages = top_level_names(
            included.distribution_path for included in self.build_config.builder.recurse_selected_project_files()
        )
        if not packages:
            return
        name, text = editable_pth(self.metadata.core.name, packages)
        pth = self._temporary_folder() / name
        pth.write_text(text, encoding="utf-8")
        # Editable wheels include force_include (unless the project sets
        # force_include_editable, which then must list it too).
        target = build_data["force_include_editable"] or build_data["force_include"]
        target[str(pth)] = name
        # The build environment is gone when the project runs: the target
        # environment needs the import hook itself, and only before 3.14.
        build_data["dependencies"].append(editable_requirement())

    def _temporary_folder(self) -> Path:
        if self._temporary is None:
            self._temporary = Path(tempfile.mkdtemp(prefix="fstring-backport-build-"))
        return self._temporary

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if self._temporary is not None:
            shutil.rmtree(str(self._temporary), ignore_errors=True)
            self._temporary = None


@hookimpl
def hatch_register_build_hook() -> type[FstringBackportBuildHook]:
    return FstringBackportBuildHook


def _flag(config: dict[str, Any], key: str) -> bool | None:
    """The hook's option ``key`` (``inline-constants``); None when it is not set."""
    value = config.get(key)
    if value is not None and not isinstance(value, bool):
        raise ValueError(f"[tool.hatch.build.hooks.fstring-backport] {key} must be true or false, not {value!r}")
    return value
