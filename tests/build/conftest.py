"""The fixtures of the real builds (see support.builds): a folder for a
module's builds, and the host's environment that builds there."""

from pathlib import Path

import pytest

from support.builds import BACKENDS, HOST, Venv, our_wheel
from support.pythons import REPO


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("build")


@pytest.fixture(scope="module")
def builder(work) -> Venv:
    """The host with today's build backends and fstring-backport, built from
    this checkout; builds run here without isolation."""
    venv = Venv(work / "builder-host", HOST)
    venv.pip("install", "--upgrade", "pip", "build", *BACKENDS)
    venv.pip("wheel", "--no-deps", "--no-build-isolation", str(REPO), "-w", str(work / "ours"))
    venv.pip("install", str(our_wheel(work)))
    return venv
