"""The wrapper build backend: fstring-backport's build step for any PEP 517
backend.

```toml
[build-system]
requires = ["fstring-backport", "uv_build>=0.9,<0.14"]
build-backend = "fstring_backport.build"

[tool.fstring-backport]
build-backend = "uv_build"
```

Every hook is the named backend's; its wheels are then rewritten (see
:mod:`fstring_backport.build.wrapper`).  The optional hooks exist here only
where that backend has them.  Nothing is loaded until a hook is called: the
hatchling and setuptools steps live in this package too.
"""

from __future__ import annotations

from typing import Any


def build_wheel(
    wheel_directory: str, config_settings: dict[str, Any] | None = None, metadata_directory: str | None = None
) -> str:
    from .wrapper import build_wheel as hook

    return hook(wheel_directory, config_settings, metadata_directory)


def build_sdist(sdist_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    from .wrapper import build_sdist as hook

    return hook(sdist_directory, config_settings)


def __getattr__(name: str) -> Any:
    """The optional hooks, where the wrapped backend has them (PEP 562)."""
    if not name.startswith("_"):
        from .wrapper import OPTIONAL_HOOKS, optional_hook

        if name in OPTIONAL_HOOKS:
            return optional_hook(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
