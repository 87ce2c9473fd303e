"""The conventions users bring from black and ruff: --check with --diff,
--stdin-filename, -j auto, --color, a closing count, one target per project.

The command runs in this process (support.cli.run); pre-commit runs it as
its hooks do."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from support.cli import NEEDS_REWRITE, REWRITTEN, make_tree, run, run_in
from support.pythons import REPO, plain_environment


def test_check_with_diff_prints_the_diff_and_exits_1(tmp_path):
    pkg = make_tree(tmp_path)
    result = run_in(tmp_path, "--check", "--diff", "src")
    assert result.returncode == 1
    assert result.stdout.decode().splitlines()[2:] == [
        "@@ -1,2 +1,2 @@",
        ' songs = {"t": "x"}',
        '-print(f"{songs["t"]}")',
        "+print(f\"{songs['t']}\")",
    ]
    assert result.stderr.decode() == "Found 1 problem in 1 file.\n"
    assert run_in(tmp_path, "--diff", "src").returncode == 0  # --diff alone reports, --check judges
    (pkg / "new.py").write_bytes(REWRITTEN)
    clean = run_in(tmp_path, "--check", "--diff", "src")
    assert (clean.returncode, clean.stdout) == (0, b"")


def test_the_closing_count_names_problems_files_and_failures(tmp_path):
    pkg = make_tree(tmp_path)
    (pkg / "two.py").write_bytes(NEEDS_REWRITE + b'print(f"{songs["t"]!r}")\n')
    (pkg / "bad.py").write_bytes(b"f'{x!z}'\n")
    result = run_in(tmp_path, "--check", "src")
    assert result.returncode == 1
    assert result.stdout.decode().splitlines()[-1] == "Found 3 problems in 2 files, 1 failed."
    assert "bad.py:1:6: f-string: invalid conversion character" in result.stderr.decode()
    (pkg / "two.py").unlink()
    for path in pkg.glob("*.py"):
        if path.name != "bad.py":
            path.write_bytes(b"x = 1\n")
    result = run_in(tmp_path, "--check", "src")
    summary = result.stdout.decode().splitlines()[-1]
    assert (result.returncode, summary) == (1, "No problems found in 3 files, 1 failed.")
    alone = run_in(tmp_path, "--check", str(pkg / "bad.py"))
    assert (alone.returncode, alone.stdout.decode()) == (1, "1 file failed.\n")


def test_stdin_filename_names_messages_and_finds_the_project(tmp_path):
    for name, requires in (("old", ">=3.8"), ("new", ">=3.12")):
        (tmp_path / name).mkdir()
        make_tree(tmp_path / name, requires=requires)
    old_name, new_name = (str(tmp_path / name / "src" / "pkg" / "new.py") for name in ("old", "new"))
    named_old = run("--check", "--stdin-filename", old_name, stdin=NEEDS_REWRITE)
    assert named_old.returncode == 1
    assert named_old.stdout.decode().startswith(old_name + ":2:16: FB101 ")
    named_new = run("--check", "--stdin-filename", new_name, "-", stdin=NEEDS_REWRITE)
    assert named_new.returncode == 0  # that project needs 3.12 anyway
    printed = run("--stdin-filename", str(tmp_path / "old" / "m.py"), stdin=NEEDS_REWRITE)
    assert (printed.returncode, printed.stdout) == (0, REWRITTEN)


def test_each_file_gets_the_target_of_its_own_project_in_any_order(tmp_path):
    for name, requires in (("a", ">=3.8"), ("b", ">=3.12")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "pyproject.toml").write_text(f'[project]\nrequires-python = "{requires}"\n')
        (tmp_path / name / "m.py").write_bytes(NEEDS_REWRITE)
    for order in (["a/m.py", "b/m.py"], ["b/m.py", "a/m.py"]):
        result = run_in(tmp_path, "--check", "-v", *order)
        assert result.returncode == 1
        flagged = [line.split(":")[0] for line in result.stdout.decode().splitlines() if ": FB" in line]
        assert flagged == [str(Path("a/m.py"))]
        notes = result.stderr.decode().splitlines()
        a, a_toml, b, b_toml = (str(Path(f"{x}/{y}")) for x in "ab" for y in ("m.py", "pyproject.toml"))
        assert a + ': 1 problem for Python 3.8 (requires-python ">=3.8" in ' + a_toml + ")" in notes
        assert b + ': no problems for Python 3.12 (requires-python ">=3.12" in ' + b_toml + ")" in notes
    forced = run_in(tmp_path, "--check", "--target", "3.8", "-v", "b/m.py")
    assert forced.returncode == 1
    assert str(Path("b/m.py")) + ": 1 problem for Python 3.8 (--target)" in forced.stderr.decode().splitlines()


def test_jobs_auto_and_bad_jobs(tmp_path):
    make_tree(tmp_path)
    assert run_in(tmp_path, "--check", "-j", "auto", "src").returncode == 1
    for bad in ("0", "two"):
        result = run_in(tmp_path, "--check", "-j", bad, "src")
        assert result.returncode == 2
        assert result.stderr.decode().splitlines()[-1] == (
            f"Error: Invalid value for '-j' / '--jobs': {bad!r} is not a number of processes (1 or more) or 'auto'"
        )


def test_color_is_forced_or_refused_off_a_terminal(tmp_path):
    pkg = make_tree(tmp_path)
    plain = run_in(tmp_path, "--diff", str(pkg / "new.py"))
    assert b"\x1b[" not in plain.stdout  # a pipe: no colour by default
    coloured = run_in(tmp_path, "--diff", "--color", str(pkg / "new.py"))
    assert b"\x1b[31m-print(" in coloured.stdout and b"\x1b[32m+print(" in coloured.stdout
    assert run_in(tmp_path, "--diff", "--no-color", str(pkg / "new.py")).stdout == plain.stdout


def test_excludes_apply_to_named_files_only_when_forced(tmp_path):
    # pre-commit names every changed file, excluded ones too.
    pkg = make_tree(tmp_path)
    (pkg / "gen.py").write_bytes(NEEDS_REWRITE)
    with (tmp_path / "pyproject.toml").open("a") as handle:
        handle.write('\n[tool.fstring-backport]\nexclude = ["gen.py"]\n')
    named = str(Path("src/pkg/gen.py"))
    assert run_in(tmp_path, "--check", named).returncode == 1  # named: read, as ruff does
    forced = run_in(tmp_path, "--check", "--force-exclude", "-v", named)
    assert forced.returncode == 0 and forced.stdout == b"No problems found in 0 files.\n"
    assert forced.stderr.decode().splitlines() == [named + ': skipped (excluded by "gen.py" in pyproject.toml)']
    with (tmp_path / "pyproject.toml").open("a") as handle:
        handle.write("force-exclude = true\n")
    assert run_in(tmp_path, "--check", named).returncode == 0
    assert run_in(tmp_path, "--check", "--no-force-exclude", named).returncode == 1
    walked = run_in(tmp_path, "--check", "src")
    assert walked.returncode == 1 and b"gen.py" not in walked.stdout  # new.py is flagged


def test_verbose_names_what_is_skipped_and_why(tmp_path):
    pkg = make_tree(tmp_path)
    for folder in (".venv", "env", ".mypy_cache", "dist", "out", "build"):
        (pkg / folder).mkdir()
        (pkg / folder / "m.py").write_bytes(NEEDS_REWRITE)
    (pkg / "env" / "pyvenv.cfg").write_bytes(b"home = /usr/bin\n")
    (pkg / ".mypy_cache" / "CACHEDIR.TAG").write_bytes(b"Signature: 8a477f597d28d172789f06886806bc55\n")
    (tmp_path / ".gitignore").write_text("out/\n")
    (tmp_path / ".git").mkdir()
    result = run_in(tmp_path, "--check", "-v", "--extend-exclude", "sub", "src")
    notes = result.stderr.decode().splitlines()
    at = str(pkg.relative_to(tmp_path)) + os.sep
    for name, reason in (
        (".mypy_cache", "a tool cache"),
        (".venv", "a virtual environment"),
        ("dist", "excluded by default"),
        ("env", "a virtual environment"),
        ("out", "ignored by .gitignore"),
        ("sub", 'excluded by "sub" given to --extend-exclude'),
    ):
        assert f"{at}{name}: skipped ({reason})" in notes
    assert not any("__pycache__" in line for line in notes)
    flagged = [line.split(":")[0] for line in result.stdout.decode().splitlines() if ": FB" in line]
    assert flagged == [at + os.path.join("build", "m.py"), at + "new.py"]  # build/ is read, as by ruff


@pytest.mark.skipif(
    sys.version_info[:2] != (3, 11) or sys.implementation.name != "cpython",
    reason="one run is enough: pre-commit installs the tool in an environment of its own",
)
@pytest.mark.slow
def test_both_pre_commit_hooks_on_a_real_repository(tmp_path):
    project = tmp_path / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text(
        '[project]\nname = "x"\nrequires-python = ">=3.8"\n[tool.fstring-backport]\nexclude = ["gen.py"]\n'
    )
    (project / "m.py").write_bytes(NEEDS_REWRITE)
    (project / "gen.py").write_bytes(NEEDS_REWRITE)
    subprocess.run(["git", "init", "-q"], cwd=str(project), check=True)
    subprocess.run(["git", "add", "-A"], cwd=str(project), check=True)

    def hook(name):
        return subprocess.run(
            [sys.executable, "-m", "pre_commit", "try-repo", str(REPO), name, "--all-files"],
            cwd=str(project), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            # Not child_env: pre-commit installs the tool into an environment
            # of its own, which the package under test must not shadow.
            env=plain_environment(PRE_COMMIT_HOME=str(tmp_path / "home")), text=True,
        )

    check = hook("fstring-backport-check")
    assert check.returncode == 1
    assert "m.py:2:16: FB101 quote reused inside an f-string (needs Python 3.12; target 3.8)" in check.stdout
    assert "gen.py" not in check.stdout.split("=" * 20)[-1]  # named by pre-commit, excluded all the same
    rewrite = hook("fstring-backport")
    assert rewrite.returncode == 1  # files were modified: pre-commit stops the commit
    assert (project / "m.py").read_bytes() == REWRITTEN and (project / "gen.py").read_bytes() == NEEDS_REWRITE
    subprocess.run(["git", "add", "-A"], cwd=str(project), check=True)
    assert hook("fstring-backport-check").returncode == 0


def test_an_excluded_input_is_printed_unchanged(tmp_path):
    # An editor pipes the buffer through the command: excluded, it must come back whole.
    pkg = make_tree(tmp_path)
    (pkg / "gen.py").write_bytes(NEEDS_REWRITE)
    with (tmp_path / "pyproject.toml").open("a") as handle:
        handle.write('\n[tool.fstring-backport]\nexclude = ["gen.py"]\nforce-exclude = true\n')
    named = str(pkg / "gen.py")
    piped = run("--stdin-filename", named, stdin=NEEDS_REWRITE)
    assert (piped.returncode, piped.stdout) == (0, NEEDS_REWRITE)
    printed = run(named)
    assert (printed.returncode, printed.stdout) == (0, NEEDS_REWRITE)
    rewritten = run("--no-force-exclude", "--stdin-filename", named, stdin=NEEDS_REWRITE)
    assert rewritten.stdout == REWRITTEN
