"""``python -m fstring_backport compileall``: the hook's cache written ahead of time.

After it, importing the hooked modules transpiles nothing (the engine is
never loaded), even from a folder that cannot be written.
"""

import stat
import subprocess
import sys

import pytest

from support.pythons import child_environment

INIT = "import fstring_backport\nfstring_backport.install(__name__)\n"
PROBE = (
    "import sys, pkg.m, pkg.sub.n\n"
    "print(pkg.m.x, pkg.sub.n.y, 'fstring_backport.engine.pipeline' in sys.modules)\n"
)


def run(cwd, *args):
    # Bytecode writing on: the hook writes its cache as Python does.
    env = child_environment(write_bytecode=True)
    return subprocess.run([sys.executable, *args], cwd=str(cwd), env=env, capture_output=True, text=True)


@pytest.fixture
def project(tmp_path):
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text(INIT)
    (pkg / "m.py").write_text('d = {"k": 1}\nx = f"{d["k"]}"\n')
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "n.py").write_text('y = f"{"\\n".join("ab")!r}"\n')
    return tmp_path


def caches(root):
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*.fsbp-*.pyc"))


@pytest.mark.skipif(sys.version_info >= (3, 14), reason="the hook does nothing from 3.14 on: no cache to write")
def test_after_compileall_an_import_transpiles_nothing(project):
    result = run(project, "-m", "fstring_backport", "compileall", "pkg")
    assert result.returncode == 0, result.stderr
    assert "Compiling 'pkg/m.py'..." in result.stdout.splitlines()
    tag = sys.implementation.cache_tag
    assert caches(project) == sorted(
        f"pkg/{folder}__pycache__/{name}.{tag}.fsbp-{__import__('fstring_backport').__version__}.pyc"
        for folder, name in [("", "__init__"), ("", "m"), ("sub/", "__init__"), ("sub/", "n")]
    )
    # Read-only, as an installed package may be: the cache is all there is.
    # (Root ignores the modes; that the engine never loads is the proof.)
    folders = [project / "pkg", project / "pkg" / "sub"]
    folders += [folder / "__pycache__" for folder in folders]
    modes = {folder: folder.stat().st_mode for folder in folders}
    for folder in folders:
        folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        imported = run(project, "-c", PROBE)
    finally:
        for folder, mode in modes.items():
            folder.chmod(mode)
    assert imported.returncode == 0, imported.stderr
    assert imported.stdout.split() == ["1", "'a\\nb'", "False"]  # the engine never loaded


def test_an_up_to_date_cache_is_kept_and_f_rewrites_it(project):
    assert run(project, "-m", "fstring_backport", "compileall", "-q", "pkg").returncode == 0
    again = run(project, "-m", "fstring_backport", "compileall", "pkg")
    assert again.stdout.splitlines() == ["Listing 'pkg'..."]
    forced = run(project, "-m", "fstring_backport", "compileall", "-f", "-x", "sub", "pkg")
    assert forced.stdout.splitlines() == [
        "Listing 'pkg'...",
        "Compiling 'pkg/__init__.py'...",
        "Compiling 'pkg/m.py'...",
    ]


def test_a_bad_file_is_reported_and_the_rest_written(project):
    (project / "pkg" / "bad.py").write_text('z = f"{1!z}"\n')
    result = run(project, "-m", "fstring_backport", "compileall", "-q", "pkg")
    assert result.returncode == 1
    assert result.stderr == (
        "*** pkg/bad.py:1:10: f-string: invalid conversion character 'z': expected 's', 'r', or 'a'\n"
    )
    assert any(name.startswith("pkg/__pycache__/m.") for name in caches(project))


@pytest.mark.parametrize("args", [[], ["-x", "("], ["--bogus", "pkg"]])
def test_a_bad_command_line_is_a_usage_error(project, args):
    result = run(project, "-m", "fstring_backport", "compileall", *args)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("Usage: python -m fstring_backport compileall ")
    assert result.stderr.splitlines()[-1].startswith("Error: ")
