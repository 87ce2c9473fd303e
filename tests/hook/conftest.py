import shutil
from pathlib import Path

import pytest

from support.pythons import PACKAGE_HOME


@pytest.fixture(scope="session")
def oracle_home(tmp_path_factory) -> Path:
    """A folder holding only this fstring_backport, for the oracle's import of
    a package that calls install() (which does nothing there)."""
    home = tmp_path_factory.mktemp("oracle-home")
    shutil.copytree(
        str(PACKAGE_HOME / "fstring_backport"),
        str(home / "fstring_backport"),
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    return home
