"""The t-string runtime in the command line's output: ``--copy-runtime``
copies it into the tree written (-o, -i) and has the modules import it from
there, so that the tree runs where fstring-backport is not installed;
without it, the command says how many files need fstring-backport.  A copy
met among the sources is never rewritten.  Where each copy goes, by the
``__init__.py`` files of the tree: tests/project/test_runtime_copies.py.
"""

import shutil
import subprocess

import pytest

from fstring_backport import transpile
from fstring_backport.project.runtime_copies import runtime_source

from support.cli import run_in
from support.pythons import interpreter, oracle, plain_environment

# A project written for 3.14: t-strings in a package (one in a module that
# opens with a compound statement, whose t-strings name the runtime where
# they are used), and in a top-level script, which imports string.templatelib.
PROJECT = {
    "pyproject.toml": '[project]\nname = "shop"\nrequires-python = ">=3.8"\n',
    "src/shop/__init__.py": "from .render import receipt\n",
    "src/shop/render.py": (
        '"""Receipts, rendered from t-strings."""\n'
        "from string.templatelib import Interpolation, Template\n"
        "\n"
        "\n"
        "def render(template: Template) -> str:\n"
        "    parts = []\n"
        "    for item in template:\n"
        "        if isinstance(item, Interpolation):\n"
        "            parts.append(format(item.value, item.format_spec).upper())\n"
        "        else:\n"
        "            parts.append(item)\n"
        '    return "".join(parts)\n'
        "\n"
        "\n"
        "def receipt(items):\n"
        '    return "\\n".join(render(t"{name:<6}{price:>6.2f}") for name, price in items)\n'
    ),
    "src/shop/tags/__init__.py": "",
    "src/shop/tags/html.py": 'def tag(name, body):\n    return t"<{name}>{body!r}</{name}>"\n',
    "main.py": (
        "from string.templatelib import Template\n"
        "\n"
        "import shop\n"
        "from shop.tags.html import tag\n"
        "\n"
        'who = "ann"\n'
        'print(shop.receipt([("tea", 2.5), ("cake", 13.25)]))\n'
        'tagged = tag("b", who)\n'
        "print(type(tagged).__name__, isinstance(tagged, Template), tagged.strings, tagged.values)\n"
        'print(t"{who!r:>6}" + t"!")\n'
    ),
}
COPIES = ["_fstring_backport_templatelib_main.py", "src/shop/_fstring_backport_templatelib.py"]


def make(root):
    for name, text in PROJECT.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def run_main(python, tree):
    """``python main.py`` in ``tree``, with its src/ and nothing else on the
    path: ``-S`` leaves out site-packages too, where a fstring-backport
    installed into that Python would be found."""
    return subprocess.run(
        [python, "-S", "main.py"], cwd=str(tree), capture_output=True, text=True, env=plain_environment(tree / "src")
    )


def files(root):
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())


@pytest.fixture(scope="module")
def expected(tmp_path_factory):
    ran = run_main(oracle(), make(tmp_path_factory.mktemp("original")))
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.splitlines()[0] == "TEA     2.50"
    return ran.stdout


@pytest.mark.parametrize("version", ["3.8", "3.11"])
def test_the_tree_written_runs_without_fstring_backport(tmp_path, expected, version):
    make(tmp_path / "project")
    result = run_in(tmp_path / "project", ".", "-o", "../out", "--copy-runtime")
    assert result.returncode == 0, result.stderr
    assert result.stderr.decode() == "3 of 5 files rewritten, 2 runtime copies added\n"  # no note
    out = tmp_path / "out"
    assert files(out) == sorted(COPIES + [name for name in PROJECT if name != "pyproject.toml"])
    for copy in COPIES:
        assert (out / copy).read_bytes() == runtime_source()
    assert "from shop._fstring_backport_templatelib import build" in (out / "src/shop/render.py").read_text()
    assert "__import__('shop._fstring_backport_templatelib')" in (out / "src/shop/tags/html.py").read_text()
    assert "from _fstring_backport_templatelib_main import build" in (out / "main.py").read_text()
    ran = run_main(interpreter(version), out)
    assert (ran.returncode, ran.stdout) == (0, expected), ran.stderr


def test_without_it_the_tree_needs_fstring_backport_and_the_command_says_so(tmp_path):
    make(tmp_path / "project")
    result = run_in(tmp_path / "project", ".", "-o", "../out")
    assert result.returncode == 0
    assert result.stderr.decode().splitlines() == [
        ("fstring-backport: 3 files import fstring_backport.templatelib (the t-string runtime): "
         "install fstring-backport where they run, or give --copy-runtime"),
        "3 of 5 files rewritten",
    ]
    assert not any("_fstring_backport_templatelib" in name for name in files(tmp_path / "out"))
    ran = run_main(interpreter("3.11"), tmp_path / "out")
    assert ran.returncode == 1
    assert ran.stderr.splitlines()[-1] == "ModuleNotFoundError: No module named 'fstring_backport'"
    quiet = run_in(tmp_path / "project", "-q", ".", "-o", "../out")
    assert (quiet.returncode, quiet.stderr) == (0, b"")
    # -i: once, for the files it writes.
    one = run_in(tmp_path / "project", "-i", "src/shop/tags")
    assert one.stderr.decode().splitlines() == [
        ("fstring-backport: 1 file imports fstring_backport.templatelib (the t-string runtime): "
         "install fstring-backport where it runs, or give --copy-runtime"),
        "1 of 2 files rewritten",
    ]
    assert run_in(tmp_path / "project", "-i", "src/shop/tags").stderr == b"0 of 2 files rewritten\n"
    # Rewritten so before, the file keeps importing the package's runtime.
    again = run_in(tmp_path / "project", "--copy-runtime", "src", "-o", "../again")
    assert again.stderr.decode().splitlines() == [
        ("fstring-backport: 1 file imports fstring_backport.templatelib (the t-string runtime) by that name, "
         "not a copy: install fstring-backport where it runs"),
        "1 of 4 files rewritten, 1 runtime copy added",
    ]


def test_in_place_the_copies_go_where_o_puts_them(tmp_path):
    make(tmp_path / "project")
    assert run_in(tmp_path / "project", ".", "-o", "../out", "--copy-runtime").returncode == 0
    tree = shutil.copytree(str(tmp_path / "project"), str(tmp_path / "tree"))
    # A file named alone gets the copy of its outermost package, above it.
    named = run_in(tree, "-i", "--copy-runtime", "src/shop/tags/html.py")
    assert named.stderr == b"1 of 1 files rewritten, 1 runtime copy added\n"
    result = run_in(tree, "-i", "--copy-runtime", "-v", ".")
    assert result.returncode == 0, result.stderr
    assert result.stderr.decode().splitlines()[-3:] == [
        "_fstring_backport_templatelib_main.py: runtime copy added",
        "src/shop/_fstring_backport_templatelib.py: runtime copy unchanged",
        "2 of 6 files rewritten, 1 runtime copy added",
    ]
    for name in files(tmp_path / "out"):
        assert (tmp_path / "tree" / name).read_bytes() == (tmp_path / "out" / name).read_bytes(), name
    # Again: nothing to do; the copies are passed over, never rewritten.
    again = run_in(tree, "-i", "--copy-runtime", ".")
    assert (again.returncode, again.stderr) == (0, b"0 of 7 files rewritten\n")


def test_the_packages_are_those_of_the_tree_written(tmp_path):
    make(tmp_path / "project")
    with (tmp_path / "project" / "pyproject.toml").open("a") as handle:
        handle.write('[tool.fstring-backport]\nexclude = ["src/shop/tags/__init__.py"]\n')
    run_in(tmp_path / "project", "src", "-o", "../alone", "--copy-runtime")
    # Without its __init__.py, tags/ holds modules in no package: a copy beside each.
    html = (tmp_path / "alone" / "shop" / "tags" / "html.py").read_text()
    assert "__import__('_fstring_backport_templatelib_html')" in html
    assert (tmp_path / "alone" / "shop" / "tags" / "_fstring_backport_templatelib_html.py").is_file()
    # --copy-files copies it: the package is whole again.
    run_in(tmp_path / "project", "src", "-o", "../whole", "--copy-runtime", "--copy-files")
    html = (tmp_path / "whole" / "shop" / "tags" / "html.py").read_text()
    assert "__import__('shop._fstring_backport_templatelib')" in html
    assert files(tmp_path / "whole" / "shop" / "tags") == ["__init__.py", "html.py"]
    # The package named: the output folder is that package, named as it is.
    run_in(tmp_path / "project", "src/shop", "-o", "../pkg/shop", "--copy-runtime")
    assert "from shop._fstring_backport_templatelib import" in (tmp_path / "pkg/shop/render.py").read_text()
    assert (tmp_path / "pkg" / "shop" / "_fstring_backport_templatelib.py").is_file()


def test_a_file_at_a_copys_place_stops_the_command(tmp_path):
    project = make(tmp_path / "project")
    taken = project / "src" / "shop" / "_fstring_backport_templatelib.py"
    taken.write_text("x = 1\n")
    before = {name: (project / name).read_bytes() for name in files(project)}
    for args in (["-o", "../out"], ["-i"]):
        result = run_in(project, ".", "--copy-runtime", *args)
        assert result.returncode == 1
        assert result.stderr.decode().splitlines() == [
            ("src/shop/_fstring_backport_templatelib.py: this name is the t-string runtime's that "
             "fstring-backport ships; rename the file"),
            "fstring-backport: nothing written: --copy-runtime needs these names for the t-string runtime",
        ]
    assert not (tmp_path / "out").exists()
    assert {name: (project / name).read_bytes() for name in files(project)} == before
    # The runtime itself there is its copy: passed on as it is.
    taken.write_bytes(runtime_source())
    result = run_in(project, ".", "--copy-runtime", "-o", "../out")
    assert result.stderr == b"3 of 6 files rewritten, 1 runtime copy added\n"
    assert (tmp_path / "out" / "src" / "shop" / "_fstring_backport_templatelib.py").read_bytes() == runtime_source()


@pytest.mark.parametrize("mode", [[], ["--check"], ["--diff"], ["-"]])
def test_standard_output_cannot_carry_a_copy(tmp_path, mode):
    make(tmp_path)
    result = run_in(tmp_path, "--copy-runtime", *(mode or ["main.py"]), stdin=PROJECT["main.py"].encode())
    assert result.returncode == 2
    assert result.stderr.decode().splitlines()[-1] == (
        "Error: --copy-runtime needs -o or -i, which write the copy beside the modules"
    )


def test_a_runtime_copy_among_the_sources_is_never_rewritten(tmp_path):
    runtime = runtime_source()
    assert transpile(runtime, "3.8") != runtime  # it imports string.templatelib: it would import itself
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_bytes(b"")
    copy = tmp_path / "pkg" / "_fstring_backport_templatelib.py"
    copy.write_bytes(runtime)
    for args in (["-i", "pkg"], ["--check", "pkg"], ["--diff", "pkg"], ["-o", "out", "pkg"], [str(copy)]):
        result = run_in(tmp_path, "--target", "3.8", *args)
        assert result.returncode == 0, result.stderr
        assert result.stdout in (b"", b"No problems found in 2 files.\n", runtime)
    assert copy.read_bytes() == runtime
    assert (tmp_path / "out" / "_fstring_backport_templatelib.py").read_bytes() == runtime
