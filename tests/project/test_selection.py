"""Which files the command reads, as ruff selects them.

Each file has the settings of its own nearest pyproject.toml; ruff's
default excludes, virtual environments and tool caches of any name, the
output folder and what .gitignore ignores are skipped wherever they lie,
and every skip says why; a path named on the command line is read unless
force-exclude is on.  The build steps use the user's own patterns only.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from fstring_backport.build.common import BuildStep
from fstring_backport.project.selection import DEFAULT_EXCLUDES, Selected, Selection, Skipped
from fstring_backport.project.settings import load_settings

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")


def make(folder: Path, files) -> None:
    """Write ``files`` ({path: text}) under ``folder``."""
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def listing(found):
    """What a walk gave, as (name, reason) with "/" (reason None: selected)."""
    return [
        (item.name.replace(os.sep, "/"), item.reason if isinstance(item, Skipped) else None) for item in found
    ]


def read(selection: Selection, *paths: str):
    return [name for name, reason in listing(selection.sources(paths)) if reason is None]


def skips(selection: Selection, *paths: str):
    return {name: reason for name, reason in listing(selection.sources(paths)) if reason is not None}


def git_init(folder: Path) -> None:
    subprocess.run(["git", "init", "-q", str(folder)], check=True)


def git_lists():
    """The .py files below the current folder that git does not ignore, in the walk's order."""
    listed = subprocess.run(
        ["git", "-c", "core.excludesFile=", "ls-files", "--others", "--exclude-standard", "*.py"],
        stdout=subprocess.PIPE, text=True, check=True,
    ).stdout.split()
    return sorted(listed, key=lambda name: name.split("/"))


# -- settings, per file ----------------------------------------------------------


@pytest.mark.parametrize("order", [("a", "b"), ("b", "a")])
def test_each_file_has_the_settings_of_its_own_pyproject(tmp_path, monkeypatch, order):
    make(
        tmp_path,
        {
            "a/pyproject.toml": '[project]\nrequires-python = ">=3.8"\n',
            "a/pkg/m.py": "",
            "b/pyproject.toml": '[project]\nrequires-python = ">=3.12"\n',
            "b/pkg/m.py": "",
            "b/pkg/n.py": "",
        },
    )
    monkeypatch.chdir(tmp_path)
    found = list(Selection().sources(order))
    assert all(isinstance(item, Selected) for item in found)
    targets = {item.name.replace(os.sep, "/"): item.settings.target for item in found}
    assert targets == {"a/pkg/m.py": "3.8", "b/pkg/m.py": "3.12", "b/pkg/n.py": "3.12"}
    counts = {"a": 1, "b": 2}
    assert [item.name[0] for item in found] == [order[0]] * counts[order[0]] + [order[1]] * counts[order[1]]
    by_name = {item.name.replace(os.sep, "/"): item.settings for item in found}
    assert by_name["b/pkg/m.py"] is by_name["b/pkg/n.py"]  # loaded once per pyproject.toml
    assert by_name["a/pkg/m.py"].target_origin == 'requires-python ">=3.8" in {}'.format(
        os.path.join("a", "pyproject.toml")
    )
    assert by_name["a/pkg/m.py"].root == (tmp_path / "a").resolve()
    assert by_name["a/pkg/m.py"].pyproject == (tmp_path / "a" / "pyproject.toml").resolve()
    # Files named one by one get the same.
    named = list(Selection().sources([os.path.join(order[0], "pkg", "m.py"), os.path.join(order[1], "pkg", "m.py")]))
    assert [item.settings.target for item in named] == [targets[first + "/pkg/m.py"] for first in order[:2]]


def test_a_project_inside_a_walked_folder_has_its_own_settings(tmp_path, monkeypatch):
    make(
        tmp_path,
        {
            "pyproject.toml": (
                '[project]\nrequires-python = ">=3.9"\n'
                '[tool.fstring-backport]\nexclude = ["gen.py"]\n'
                'include = ["top.py", "inner/gen.py", "inner/other.py"]\n'
            ),
            "top.py": "",
            "gen.py": "",
            "inner/pyproject.toml": '[tool.fstring-backport]\ntarget = "3.11"\ninclude = ["gen.py"]\n',
            "inner/gen.py": "",
            "inner/other.py": "",
        },
    )
    monkeypatch.chdir(tmp_path)
    found = {item.name.replace(os.sep, "/"): item for item in Selection().sources(["."])}
    assert sorted(found) == ["gen.py", "inner/gen.py", "inner/other.py", "top.py"]
    assert isinstance(found["gen.py"], Skipped)
    # inner has an exclude and an include of its own, anchored at its folder.
    assert isinstance(found["inner/gen.py"], Selected)
    assert found["inner/other.py"] == Skipped(
        os.path.join("inner", "other.py"), "not matched by include in " + os.path.join("inner", "pyproject.toml")
    )
    assert found["inner/gen.py"].settings.target_origin == 'target "3.11" in {}'.format(
        os.path.join("inner", "pyproject.toml")
    )
    assert found["top.py"].settings.target == "3.9"


def test_settings_for_finds_the_nearest_pyproject_and_caches_it(tmp_path, monkeypatch):
    make(tmp_path, {"p/pyproject.toml": '[tool.fstring-backport]\ntarget = "3.10"\n', "p/x/y/m.py": "", "q/m.py": ""})
    monkeypatch.chdir(tmp_path / "q")
    selection = Selection()
    settings = selection.settings_for(str(tmp_path / "p" / "x" / "y" / "m.py"))
    assert settings.target == "3.10"
    assert selection.settings_for(str(tmp_path / "p" / "x")) is settings
    # Outside the current folder the path is shown in full.
    assert settings.target_origin == 'target "3.10" in {}'.format((tmp_path / "p" / "pyproject.toml").resolve())
    default = selection.settings_for("m.py")
    assert (default.target, default.pyproject, default.target_origin) == (None, None, "the default")
    assert default.root == Path.cwd()


def test_a_bad_pyproject_is_a_one_line_value_error(tmp_path):
    make(tmp_path, {"pyproject.toml": '[tool.fstring-backport]\nexclude = "x"\n', "m.py": ""})
    with pytest.raises(ValueError, match=r"exclude must be a list of glob patterns .* not 'x'$"):
        Selection().settings_for(str(tmp_path / "m.py"))
    make(tmp_path, {"ok/pyproject.toml": "", "ok/bad/pyproject.toml": "[tool.fstring-backport]\ntarget = 3\n"})
    make(tmp_path, {"ok/bad/m.py": ""})
    with pytest.raises(ValueError, match="target must be"):
        list(Selection().sources([str(tmp_path / "ok")]))  # met on the way down


@pytest.mark.parametrize(
    "text, named",
    [
        ('extend-exclude = "gen"', ["extend-exclude", "'gen'", "list of glob patterns"]),
        ("extend-exclude = [1]", ["extend-exclude", "[1]", "list of glob patterns"]),
        ('force-exclude = "yes"', ["force-exclude", "'yes'", "true or false"]),
    ],
)
def test_the_new_keys_are_checked_in_one_line(tmp_path, text, named):
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text("[tool.fstring-backport]\n" + text + "\n")
    with pytest.raises(ValueError) as raised:
        load_settings(pyproject)
    message = str(raised.value)
    assert "\n" not in message and message.startswith(str(pyproject) + ": [tool.fstring-backport] ")
    for word in named:
        assert word in message


def test_the_new_keys_are_read(tmp_path):
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[tool.fstring-backport]\nextend-exclude = ["a", "b/"]\nforce-exclude = true\n')
    settings = load_settings(pyproject)
    assert (settings.extend_exclude, settings.force_exclude, settings.root) == (("a", "b/"), True, tmp_path)
    assert load_settings(None).force_exclude is False and load_settings(None).target_origin == "the default"


# -- default excludes --------------------------------------------------------------


def test_default_excludes_virtual_environments_and_caches_are_skipped_anywhere(tmp_path, monkeypatch):
    make(
        tmp_path,
        {
            "src/pkg/__init__.py": "",
            "src/pkg/build/__init__.py": "",  # not in ruff's list: read
            "src/pkg/.mypy_cache/x.py": "",
            "src/pkg/dist/x.py": "",
            "src/pkg/node_modules/a/b.py": "",
            "src/.venv/lib/site.py": "",
            "src/my-env-3.11/pyvenv.cfg": "home = /usr/bin\n",
            "src/my-env-3.11/lib/x.py": "",
            "src/cachy/CACHEDIR.TAG": "Signature: 8a477f597d28d172789f06886806bc55\n",
            "src/cachy/x.py": "",
            "src/pkg/__pycache__/m.cpython-311.pyc": "",
        },
    )
    monkeypatch.chdir(tmp_path)
    found = listing(Selection().sources(["src"]))
    assert found == [
        ("src/.venv", "a virtual environment"),
        ("src/cachy", "a tool cache"),
        ("src/my-env-3.11", "a virtual environment"),
        ("src/pkg/.mypy_cache", "a tool cache"),
        ("src/pkg/__init__.py", None),
        ("src/pkg/__pycache__", "a tool cache"),
        ("src/pkg/build/__init__.py", None),
        ("src/pkg/dist", "excluded by default"),
        ("src/pkg/node_modules", "excluded by default"),
    ]
    assert {".venv", "venv", ".mypy_cache", "dist", "node_modules", "__pycache__", ".git"} <= DEFAULT_EXCLUDES
    assert "build" not in DEFAULT_EXCLUDES


def test_a_folder_named_on_the_command_line_is_walked_even_if_excluded(tmp_path, monkeypatch):
    make(tmp_path, {"dist/m.py": "", "env/pyvenv.cfg": "", "env/m.py": ""})
    monkeypatch.chdir(tmp_path)
    assert read(Selection(), "dist", "env") == ["dist/m.py", "env/m.py"]
    assert skips(Selection(force_exclude=True), "dist", "env") == {
        "dist": "excluded by default",
        "env": "a virtual environment",
    }


# -- patterns ----------------------------------------------------------------------

PATTERN_TREE = {
    "pyproject.toml": (
        '[tool.fstring-backport]\nexclude = ["gen_*.py", "pkg/legacy", "docs/", "tools/*", "scripts*/"]\n'
    ),
    "gen_top.py": "",
    "pkg/gen_a.py": "",
    "pkg/deep/gen_b.pyi": "",
    "pkg/keep.py": "",
    "pkg/legacy/old.py": "",
    "pkg/deep/legacy/old.py": "",  # "pkg/legacy" has a "/": anchored, so not this one
    "pkg/docs/conf.py": "",  # "docs/" names a folder: anywhere
    "docs": "",  # ...and not a file
    "tools/x/run.py": "",
    "pkg/tools/run.py": "",
    "scripts/a.py": "",
    "scripts_run.py": "",  # "scripts*/" names folders only
}


def test_patterns_without_a_slash_match_names_with_one_paths_from_the_project(tmp_path, monkeypatch):
    make(tmp_path, PATTERN_TREE)
    monkeypatch.chdir(tmp_path)
    assert listing(Selection().sources(["."])) == [
        ("gen_top.py", 'excluded by "gen_*.py" in pyproject.toml'),
        ("pkg/deep/gen_b.pyi", None),  # the pattern ends in ".py"
        ("pkg/deep/legacy/old.py", None),
        ("pkg/docs", 'excluded by "docs/" in pyproject.toml'),
        ("pkg/gen_a.py", 'excluded by "gen_*.py" in pyproject.toml'),
        ("pkg/keep.py", None),
        ("pkg/legacy", 'excluded by "pkg/legacy" in pyproject.toml'),
        ("pkg/tools/run.py", None),
        ("scripts", 'excluded by "scripts*/" in pyproject.toml'),
        ("scripts_run.py", None),
        ("tools/x", 'excluded by "tools/*" in pyproject.toml'),
    ]


def test_patterns_are_anchored_at_the_project_not_the_argument_or_the_current_folder(tmp_path, monkeypatch):
    make(tmp_path, PATTERN_TREE)
    monkeypatch.chdir(tmp_path / "pkg" / "deep")
    # From inside the project, naming a folder below it: still anchored at the project.
    assert read(Selection(), os.path.join(os.pardir, os.pardir, "pkg")) == [
        "../../pkg/deep/gen_b.pyi",
        "../../pkg/deep/legacy/old.py",
        "../../pkg/keep.py",
        "../../pkg/tools/run.py",
    ]
    assert skips(Selection(), os.pardir)["../legacy"] == 'excluded by "pkg/legacy" in {}'.format(
        tmp_path / "pyproject.toml"
    )


def test_a_folder_pattern_excludes_what_is_in_it_and_double_star(tmp_path, monkeypatch):
    make(
        tmp_path,
        {
            "pyproject.toml": '[tool.fstring-backport]\nexclude = ["a/**/z.py", "b/"]\nextend-exclude = ["c/*"]\n',
            "a/z.py": "",
            "a/x/y/z.py": "",
            "a/w.py": "",
            "b/m.py": "",
            "c/d/m.py": "",
        },
    )
    monkeypatch.chdir(tmp_path)
    assert listing(Selection().sources(["."])) == [
        ("a/w.py", None),
        ("a/x/y/z.py", 'excluded by "a/**/z.py" in pyproject.toml'),
        ("a/z.py", 'excluded by "a/**/z.py" in pyproject.toml'),
        ("b", 'excluded by "b/" in pyproject.toml'),
        ("c/d", 'excluded by "c/*" in pyproject.toml'),
    ]


def test_command_line_patterns_are_anchored_at_the_current_folder(tmp_path, monkeypatch):
    make(
        tmp_path,
        {
            "proj/pyproject.toml": '[tool.fstring-backport]\nexclude = ["a.py"]\nextend-exclude = ["b.py"]\n',
            "proj/a.py": "",
            "proj/b.py": "",
            "proj/c.py": "",
            "proj/d.py": "",
        },
    )
    monkeypatch.chdir(tmp_path)
    # --exclude replaces exclude (not extend-exclude); --extend-exclude adds.
    found = skips(Selection(exclude=["proj/c.py"], extend_exclude=["proj/d.py"]), "proj")
    assert found == {
        "proj/b.py": 'excluded by "b.py" in {}'.format(os.path.join("proj", "pyproject.toml")),
        "proj/c.py": 'excluded by "proj/c.py" given to --exclude',
        "proj/d.py": 'excluded by "proj/d.py" given to --extend-exclude',
    }
    assert read(Selection(extend_exclude=None), "proj") == ["proj/c.py", "proj/d.py"]


def test_include_reads_only_what_it_names_anchored_at_the_project(tmp_path, monkeypatch):
    make(
        tmp_path,
        {
            "pyproject.toml": '[tool.fstring-backport]\ninclude = ["src/pkg/sub/*", "top.py"]\n',
            "src/pkg/sub/old.py": "",
            "src/pkg/sub/deeper/m.py": "",
            "src/pkg/new.py": "",
            "src/top.py": "",
            "src/data.txt": "",
        },
    )
    monkeypatch.chdir(tmp_path)
    assert listing(Selection().sources(["src"])) == [
        ("src/pkg/new.py", "not matched by include in pyproject.toml"),
        ("src/pkg/sub/deeper/m.py", None),
        ("src/pkg/sub/old.py", None),
        ("src/top.py", None),
    ]
    assert read(Selection(), os.path.join("src", "pkg", "sub")) == ["src/pkg/sub/deeper/m.py", "src/pkg/sub/old.py"]
    assert read(Selection(), os.path.join("src", "pkg", "new.py")) == ["src/pkg/new.py"]  # named: read
    # A folder included stands for all in it, however deep.
    (tmp_path / "pyproject.toml").write_text('[tool.fstring-backport]\ninclude = ["src/pkg/sub"]\n')
    assert read(Selection(), "src") == ["src/pkg/sub/deeper/m.py", "src/pkg/sub/old.py"]
    assert read(Selection(), os.path.join("src", "pkg", "sub", "deeper")) == ["src/pkg/sub/deeper/m.py"]
    # include chooses sources only: the other files are all copied, the sources it leaves out too.
    selection = Selection()
    sources = {item.name for item in selection.sources(["src"]) if isinstance(item, Selected)}
    assert [item.relative for item in selection.other_files(["src"], sources)] == ["data.txt", "pkg/new.py", "top.py"]


# -- .gitignore --------------------------------------------------------------------


@needs_git
def test_gitignore_of_the_repository_and_its_parents_with_negation(tmp_path, monkeypatch):
    git_init(tmp_path)
    make(
        tmp_path,
        {
            ".gitignore": "out/\n*_gen.py\n!keep_gen.py\n/top_only.py\n",
            ".git/info/exclude": "secret.py\n",
            "pkg/.gitignore": "!again_gen.py\nlocal.py\n",
            "pkg/out/m.py": "",
            "pkg/a_gen.py": "",
            "pkg/keep_gen.py": "",
            "pkg/again_gen.py": "",
            "pkg/local.py": "",
            "pkg/top_only.py": "",  # "/top_only.py" is anchored at the root
            "top_only.py": "",
            "pkg/sub/secret.py": "",
            "pkg/sub/local.py": "",
            "pkg/sub/ok.py": "",
        },
    )
    monkeypatch.chdir(tmp_path / "pkg")  # the parents' .gitignore counts
    assert listing(Selection().sources(["."])) == [
        ("a_gen.py", "ignored by .gitignore"),
        ("again_gen.py", None),
        ("keep_gen.py", None),
        ("local.py", "ignored by .gitignore"),
        ("out", "ignored by .gitignore"),
        ("sub/local.py", "ignored by .gitignore"),
        ("sub/ok.py", None),
        ("sub/secret.py", "ignored by .git/info/exclude"),
        ("top_only.py", None),
    ]
    # What git itself ignores, for the same files.
    result = subprocess.run(
        ["git", "check-ignore", "--no-index", "a_gen.py", "again_gen.py", "keep_gen.py", "local.py",
         "out/m.py", "sub/local.py", "sub/ok.py", "sub/secret.py", "top_only.py"],
        stdout=subprocess.PIPE, text=True,
    )
    assert sorted(result.stdout.split()) == ["a_gen.py", "local.py", "out/m.py", "sub/local.py", "sub/secret.py"]
    # From the repository's root: the files git lists as not ignored.
    monkeypatch.chdir(tmp_path)
    assert read(Selection(), ".") == git_lists()


@pytest.mark.parametrize("gitignore", ["/a/b\n!a/\n", "*.py\n!keep/\n"])
def test_a_folder_re_included_does_not_re_include_what_is_ignored_below_it(tmp_path, monkeypatch, gitignore):
    """As git: ``!a/`` keeps the folder, not ``a/b``, which ``/a/b`` ignores
    (pathspec's GitIgnoreSpec keeps both)."""
    git_init(tmp_path)
    make(tmp_path, {".gitignore": gitignore, "a/b/m.py": "", "a/n.py": "", "keep/m.py": "", "keep/n.txt": ""})
    monkeypatch.chdir(tmp_path)
    assert read(Selection(), ".") == git_lists()


def test_gitignore_outside_a_repository_counts_in_the_walked_tree_only(tmp_path, monkeypatch):
    make(
        tmp_path,
        {".gitignore": "a.py\n", "tree/.gitignore": "b.py\n", "tree/a.py": "", "tree/b.py": "", "tree/c.py": ""},
    )
    monkeypatch.chdir(tmp_path)
    assert read(Selection(), "tree") == ["tree/a.py", "tree/c.py"]  # no repository: the parent's does not count
    (tmp_path / ".git").mkdir()
    assert read(Selection(), "tree") == ["tree/c.py"]  # in a repository it does


def test_a_nested_repository_starts_afresh(tmp_path, monkeypatch):
    make(
        tmp_path,
        {
            ".git/HEAD": "", ".gitignore": "*.py\n!/keep/\n",
            "keep/sub/.git/HEAD": "", "keep/sub/m.py": "", "keep/n.py": "",
        },
    )
    monkeypatch.chdir(tmp_path)
    assert read(Selection(), ".") == ["keep/sub/m.py"]


def test_pathspec_is_imported_only_for_a_gitignore(tmp_path, child_env):
    make(tmp_path, {"plain/m.py": "", "ignoring/.gitignore": "x.py\n", "ignoring/x.py": ""})
    script = (
        "import sys\n"
        "from fstring_backport.project.selection import Selection\n"
        "list(Selection().sources([sys.argv[1]]))\n"
        "print('pathspec' in sys.modules)\n"
    )
    seen = [
        subprocess.run(
            [sys.executable, "-c", script, str(tmp_path / name)],
            stdout=subprocess.PIPE, text=True, check=True, env=child_env(),
        ).stdout.strip()
        for name in ("plain", "ignoring")
    ]
    assert seen == ["False", "True"]


# -- named files and force-exclude --------------------------------------------------


@needs_git
def test_a_named_file_is_read_unless_force_exclude(tmp_path, monkeypatch):
    git_init(tmp_path)
    make(
        tmp_path,
        {
            ".gitignore": "ignored.py\n",
            "pyproject.toml": '[tool.fstring-backport]\nexclude = ["gen.py"]\n',
            ".venv/lib/m.py": "",
            "pkg/gen.py": "",
            "pkg/ignored.py": "",
            "pkg/fine.py": "",
            "script": "",  # named: a source whatever its name
        },
    )
    monkeypatch.chdir(tmp_path)
    named = [os.path.join(".venv", "lib", "m.py"), os.path.join("pkg", "gen.py"), os.path.join("pkg", "ignored.py"),
             os.path.join("pkg", "fine.py"), "script"]
    assert all(isinstance(item, Selected) for item in Selection().sources(named))
    expected = [
        (".venv/lib/m.py", "a virtual environment"),
        ("pkg/gen.py", 'excluded by "gen.py" in pyproject.toml'),
        ("pkg/ignored.py", "ignored by .gitignore"),
        ("pkg/fine.py", None),
        ("script", None),
    ]
    assert listing(Selection(force_exclude=True).sources(named)) == expected
    # The setting turns it on; the option, either way, wins over it.
    with open("pyproject.toml", "a") as handle:
        handle.write("force-exclude = true\n")
    assert listing(Selection().sources(named)) == expected
    assert all(isinstance(item, Selected) for item in Selection(force_exclude=False).sources(named))


def test_force_exclude_looks_at_the_folders_above_up_to_the_project(tmp_path, monkeypatch):
    make(
        tmp_path,
        {
            "proj/pyproject.toml": '[tool.fstring-backport]\nexclude = ["gen/"]\n',
            "proj/gen/sub/m.py": "",
            "proj/tool_cache/CACHEDIR.TAG": "",
            "proj/tool_cache/m.py": "",
        },
    )
    monkeypatch.chdir(tmp_path)
    named = [os.path.join("proj", "gen", "sub", "m.py"), os.path.join("proj", "tool_cache", "m.py")]
    assert [reason for _, reason in listing(Selection(force_exclude=True).sources(named))] == [
        'excluded by "gen/" in {}'.format(os.path.join("proj", "pyproject.toml")),
        "a tool cache",
    ]


# -- order, the output folder, the other files -------------------------------------


def test_files_are_walked_in_path_order_with_the_skips_in_place(tmp_path, monkeypatch):
    # Sorted as paths sort, part by part: "a/b.py" before "a-b.py", though
    # "-" sorts before "/" as a character.
    make(tmp_path, dict.fromkeys(["a-b.py", "a/b.py", "a/c.pyi", "a/d.txt", "build/x.py", "a/dist/y.py", "z.py"], ""))
    monkeypatch.chdir(tmp_path)
    found = list(Selection().sources([".", "z.py"]))
    assert listing(found) == [
        ("a/b.py", None),
        ("a/c.pyi", None),
        ("a/dist", "excluded by default"),
        ("a-b.py", None),
        ("build/x.py", None),
        ("z.py", None),
        ("z.py", None),
    ]
    assert [item.relative for item in found if isinstance(item, Selected)] == [
        "a/b.py", "a/c.pyi", "a-b.py", "build/x.py", "z.py", "z.py"
    ]
    assert found[0].name == os.path.join("a", "b.py")  # "." is not shown before a name (as ruff shows it)


def test_the_output_folder_is_never_read_back(tmp_path, monkeypatch):
    make(tmp_path, {"src/m.py": "", "src/out/m.py": "", "src/pkg/out/n.py": "", "src/out/data.txt": ""})
    monkeypatch.chdir(tmp_path)
    selection = Selection(skip=os.path.join("src", "out"))
    assert listing(selection.sources(["src"])) == [
        ("src/m.py", None),
        ("src/out", "the output folder"),
        ("src/pkg/out/n.py", None),  # another folder of that name is read
    ]
    copied = [item.name.replace(os.sep, "/") for item in selection.other_files(["src"])]
    assert copied == ["src/m.py", "src/pkg/out/n.py"]
    # Named through another spelling of the same folder.
    monkeypatch.chdir(tmp_path / "src")
    assert skips(Selection(skip=str(tmp_path / "src" / "out")), ".") == {"out": "the output folder"}


def test_other_files_are_all_but_the_sources_read_excluded_ones_included(tmp_path, monkeypatch):
    make(
        tmp_path,
        {
            "pyproject.toml": '[tool.fstring-backport]\nexclude = ["*.log", "legacy"]\n',
            "pkg/m.py": "",
            "pkg/data.json": "",
            "pkg/run.log": "",
            "pkg/legacy/old.py": "",
            "pkg/.venv/x.json": "",
            "pkg/.git/HEAD": "",
            "pkg/__pycache__/m.cpython-311.pyc": "",
            "pkg/cache/CACHEDIR.TAG": "",
            "pkg/env/pyvenv.cfg": "",
            "pkg/venv/__init__.py": "",  # a package of that name (the standard library has one)
            "pkg/named.txt": "",
        },
    )
    monkeypatch.chdir(tmp_path)
    selection = Selection()
    sources = {item.name for item in selection.sources(["pkg"]) if isinstance(item, Selected)}
    assert sorted(name.replace(os.sep, "/") for name in sources) == ["pkg/m.py"]
    found = list(selection.other_files(["pkg", os.path.join("pkg", "named.txt"), os.path.join("pkg", "m.py")], sources))
    assert [(item.name.replace(os.sep, "/"), item.relative) for item in found] == [
        ("pkg/data.json", "data.json"),
        ("pkg/legacy/old.py", "legacy/old.py"),
        ("pkg/named.txt", "named.txt"),
        ("pkg/run.log", "run.log"),
        ("pkg/venv/__init__.py", "venv/__init__.py"),
    ]
    assert all(item.settings.pyproject == tmp_path.resolve() / "pyproject.toml" for item in found)
    # Non-sources are never reported as skipped.
    assert skips(Selection(), "pkg")["pkg/.venv"] == "a virtual environment"


@pytest.mark.skipif(not hasattr(os, "symlink") or sys.platform == "win32", reason="needs symbolic links")
def test_a_linked_folder_is_not_followed(tmp_path, monkeypatch):
    make(tmp_path, {"tree/m.py": ""})
    os.symlink(str(tmp_path / "tree"), str(tmp_path / "tree" / "loop"))
    monkeypatch.chdir(tmp_path)
    assert read(Selection(), "tree") == ["tree/m.py"]


# -- the build steps ---------------------------------------------------------------


def test_build_step_uses_the_users_patterns_anchored_at_the_project(tmp_path):
    (tmp_path / "pyproject.toml").write_text(
        '[tool.fstring-backport]\nexclude = ["src/pkg/_vendor/"]\nextend-exclude = ["gen_*.py"]\n'
    )
    step = BuildStep(tmp_path)
    source = tmp_path / "src" / "pkg"
    assert step.selects("pkg/mod.py", source / "mod.py")
    assert not step.selects("pkg/_vendor/six.py", source / "_vendor" / "six.py")
    assert not step.selects("pkg/gen_x.py", source / "gen_x.py")  # a name: anywhere
    assert not step.selects("pkg/gen_x.py")
    # Without the source, the distribution path stands for it.
    assert step.selects("pkg/_vendor/six.py")
    # Outside the project (force-included): the distribution path too.
    assert step.selects("pkg/_vendor/six.py", tmp_path.parent / "elsewhere" / "six.py")
    assert not step.selects("pkg/data.json", source / "data.json")


def test_build_step_has_no_default_excludes_nor_gitignore(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[project]\n")
    (tmp_path / ".gitignore").write_text("*.py\n")
    (tmp_path / ".git").mkdir()
    step = BuildStep(tmp_path)
    for path in ("pkg/build/m.py", "pkg/venv/m.py", "pkg/dist/m.py", "pkg/__pycache__/m.py"):
        assert step.selects(path, tmp_path / "src" / path)


def test_build_step_include_and_no_pyproject(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.fstring-backport]\ninclude = ["src/pkg/sub"]\n')
    step = BuildStep(tmp_path)
    assert step.selects("pkg/sub/m.py", tmp_path / "src" / "pkg" / "sub" / "m.py")
    assert not step.selects("pkg/m.py", tmp_path / "src" / "pkg" / "m.py")
    (tmp_path / "pyproject.toml").unlink()
    bare = BuildStep(tmp_path)
    assert bare.settings.root == tmp_path.resolve() and bare.selects("pkg/m.py", tmp_path / "pkg" / "m.py")
