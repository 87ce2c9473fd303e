"""``-o DIR --copy-files`` writes a tree that runs.

Files that the selection of sources leaves out are copied as they are:
git-ignored ones (a generated ``_version.py`` the package imports),
excluded ones, non-sources.  Never copied: version control folders,
virtual environments, tool caches, ``__pycache__`` and the output folder
itself.  Also here: ``--check`` reports ``except A, B:``.
"""

import subprocess

from support.cli import run_in
from support.pythons import interpreter, plain_environment

PROJECT = {
    "pyproject.toml": '[project]\nrequires-python = ">=3.8"\n[tool.fstring-backport]\nexclude = ["legacy"]\n',
    ".gitignore": "_version.py\n*.log\nbuild/\n",
    "pkg/__init__.py": 'from pkg._version import version\nfrom pkg.legacy.old import old\n\nNAME = f"{"pkg"!r}"\n',
    "pkg/_version.py": 'version = "1.2.3"\n',  # generated, and git-ignored
    "pkg/legacy/__init__.py": "",
    "pkg/legacy/old.py": "def old():\n    return 'old'\n",  # excluded: copied as it is
    "pkg/data/table.json": "{}\n",
    "pkg/run.log": "ignored, and copied\n",
    "pkg/.venv/pyvenv.cfg": "home = /usr\n",
    "pkg/.venv/lib/site.py": "",
    "pkg/env/pyvenv.cfg": "home = /usr\n",
    ".git/HEAD": "ref: refs/heads/main\n",  # the project is a repository: its .gitignore counts
    "pkg/vendored/__init__.py": "",  # a submodule, whose .git is a file
    "pkg/vendored/.git": "gitdir: ../../.git/modules/vendored\n",
    "pkg/__pycache__/x.cpython-311.pyc": "",
    "pkg/.mypy_cache/CACHEDIR.TAG": "Signature: 8a477f597d28d172789f06886806bc55\n",
    "pkg/cache/CACHEDIR.TAG": "Signature: 8a477f597d28d172789f06886806bc55\n",
}


def make(root):
    for name, text in PROJECT.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def files(root):
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())


def test_the_tree_written_runs(tmp_path):
    make(tmp_path)
    result = run_in(tmp_path, "pkg", "-o", "tree/pkg", "--copy-files", "--target", "3.8")
    assert result.returncode == 0, result.stderr
    out = tmp_path / "tree" / "pkg"
    assert files(out) == [
        "__init__.py",
        "_version.py",
        "data/table.json",
        "legacy/__init__.py",
        "legacy/old.py",
        "run.log",
        "vendored/__init__.py",
    ]
    assert (out / "_version.py").read_text() == PROJECT["pkg/_version.py"]
    assert (out / "legacy" / "old.py").read_text() == PROJECT["pkg/legacy/old.py"]
    assert (out / "__init__.py").read_text() != PROJECT["pkg/__init__.py"]  # transpiled
    ran = subprocess.run(
        [interpreter("3.8"), "-c", "import pkg; print(pkg.version, pkg.old(), pkg.NAME)"],
        capture_output=True,
        text=True,
        env=plain_environment(tmp_path / "tree"),  # the tree alone
    )
    assert (ran.returncode, ran.stdout) == (0, "1.2.3 old 'pkg'\n"), ran.stderr


def test_the_output_folder_inside_the_input_is_never_copied_into_itself(tmp_path):
    make(tmp_path / "project")
    for _ in range(2):  # the second run finds the first one's output
        result = run_in(tmp_path / "project", ".", "-o", "build/out", "--copy-files")
        assert result.returncode == 0, result.stderr
    out = tmp_path / "project" / "build" / "out"
    written = files(out)
    assert "pkg/_version.py" in written and ".gitignore" in written and "pyproject.toml" in written
    assert "pkg/run.log" in written and "pkg/vendored/__init__.py" in written
    assert not any(name.startswith("build/") for name in written)
    assert not any(part in (".git", ".venv", "__pycache__", ".mypy_cache", "env", "cache") for name in written
                   for part in name.split("/"))


def test_check_reports_except_without_brackets(tmp_path):
    (tmp_path / "m.py").write_text("try:\n    pass\nexcept KeyError, IndexError:\n    pass\n")
    result = run_in(tmp_path, "--check", "--target", "3.12", "m.py")
    assert result.returncode == 1
    assert result.stdout.decode().splitlines()[0] == (
        "m.py:3:8: FB401 exception types without parentheses (needs Python 3.14; target 3.12)"
    )
    assert run_in(tmp_path, "--check", "--target", "3.14", "m.py").returncode == 0
    rewritten = run_in(tmp_path, "--target", "3.12", "m.py")
    assert rewritten.stdout == b"try:\n    pass\nexcept (KeyError, IndexError):\n    pass\n"
