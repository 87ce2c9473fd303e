"""Published t-string libraries (PyPI, ``requires-python >= 3.14``), their
own tests: 3.14 runs them as published, 3.11 runs them after the command
line (``--target 3.11 --future-annotations -o``), and the same tests pass.

Each source archive is downloaded at the version pinned here and checked
against its sha256.  gettext-tstrings also holds ``type`` statements;
its tests that parse 3.14 source with the running Python's ``ast``
(extraction, the toolchain, the docs), or read 3.14's
``sys.flags.thread_inherit_context``, are left out: no rewrite of the
library gives 3.11 those; so is the one that reads the installed
distribution's metadata, which sources on PYTHONPATH do not have.
"""

import hashlib
import re
import subprocess
import sys
import tarfile
import urllib.request
from pathlib import Path
from typing import List, NamedTuple, Set

import pytest

from support.builds import make_venv
from support.cli import run
from support.hooked import package_wheel, venv_with_the_package
from support.pythons import executable, plain_environment

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        sys.version_info[:2] != (3, 11) or sys.implementation.name != "cpython",
        reason="one host is enough: the tests run 3.14 and 3.11 themselves",
    ),
]

# What the libraries' tests need beside pytest, at the versions tried.
REQUIREMENTS = ["pytest", "Babel==2.19.0"]


class Library(NamedTuple):
    name: str
    url: str
    sha256: str
    tests: List[str]  # what pytest is given, in the unpacked archive: tests, options


FILES = "https://files.pythonhosted.org/packages/"
LIBRARIES = [
    Library(
        "tstring_util-2.1",
        FILES + "5e/28/dbce38c51521d2e417797291a71048149ffb796752ce25ba113ff315e159/tstring_util-2.1.tar.gz",
        "90e358f7c705fcc60ff4f7668134c1f8e82b1f69211229e823099312d7cbca31",
        ["src/tests"],
    ),
    Library(
        "tstringlogger-1.1.0",
        FILES + "be/7d/ede8707155285c2ff6fa33d4c330a6ed45528ab074d7a8eaddf4487e61ce/tstringlogger-1.1.0.tar.gz",
        "4c4cb8d138de50efc413af1b61431b701d50e9315e4476f1f0a76c2f262d92b6",
        ["tests"],
    ),
    Library(
        "gettext_tstrings-0.1.0a8",
        FILES + "7c/a0/98ca00f307a7309e5f1c9577f40a8c1fca54fa28285ff938bfd62699fa77/gettext_tstrings-0.1.0a8.tar.gz",
        "f93c0fb4ded90620e16577665d7091ccd2e629fab1c48838811ec2a979005885",
        [
            *(
                f"tests/test_{name}.py"
                for name in ("core", "render_parity", "retention", "gettext_integration", "checkers", "conformance")
            ),
            "--deselect=tests/test_core.py::test_version_matches_package_metadata",
        ],
    ),
]


@pytest.fixture(scope="module")
def pythons(tmp_path_factory):
    """3.14's python with the tests' requirements; 3.11's with fstring-backport too."""
    work = tmp_path_factory.mktemp("venvs")
    make_venv(executable("3.14"), work / "3.14")
    on_314 = str(work / "3.14" / "bin" / "python")
    subprocess.run([on_314, "-m", "pip", "install", "-q", "--disable-pip-version-check", *REQUIREMENTS], check=True)
    on_311 = venv_with_the_package(work / "3.11", executable("3.11"), package_wheel(work / "wheel"), *REQUIREMENTS)
    return on_314, on_311


def unpacked(library: Library, folder: Path) -> Path:
    data = urllib.request.urlopen(library.url, timeout=120).read()
    assert hashlib.sha256(data).hexdigest() == library.sha256, library.url
    archive = folder / library.url.rsplit("/", 1)[1]
    archive.write_bytes(data)
    with tarfile.open(str(archive)) as tar:
        tar.extractall(str(folder), filter="data")
    return folder / library.name


def passed(python: str, project: Path, tests: List[str]) -> Set[str]:
    """The tests that pass, run by ``python`` in ``project`` (its sources on
    PYTHONPATH, its pytest options set aside: one needs a plugin)."""
    args = [python, "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=", "-rA", *tests]
    env = plain_environment(project / "src")
    result = subprocess.run(args, cwd=str(project), capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr
    return set(re.findall(r"^PASSED (\S+)", result.stdout, re.M))


@pytest.mark.parametrize("library", LIBRARIES, ids=lambda library: library.name)
def test_the_library_passes_its_tests_on_311_as_on_314(library, pythons, tmp_path):
    on_314, on_311 = pythons
    original = unpacked(library, tmp_path)
    out = tmp_path / "out" / library.name
    written = run("--target", "3.11", "--future-annotations", "--copy-files", str(original), "-o", str(out))
    assert written.returncode == 0, written.stderr
    expected = passed(on_314, original, library.tests)
    assert len(expected) >= 10
    assert passed(on_311, out, library.tests) == expected
