"""The conventions users bring from black and ruff: --check with --diff,
--stdin-filename, -j auto, --color, a closing count, one target per project."""

from pathlib import Path

from test_cli import NEEDS_REWRITE, make_tree, run, run_in

REWRITTEN = b'songs = {"t": "x"}\nprint(f"{songs[\'t\']}")\n'


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


def test_stdin_filename_names_messages_and_finds_the_project(tmp_path):
    for name, requires in (("old", ">=3.8"), ("new", ">=3.12")):
        (tmp_path / name).mkdir()
        make_tree(tmp_path / name, requires=requires)
    named_old = run("--check", "--stdin-filename", str(tmp_path / "old" / "src" / "pkg" / "new.py"), stdin=NEEDS_REWRITE)
    assert named_old.returncode == 1
    assert named_old.stdout.decode().startswith(str(tmp_path / "old" / "src" / "pkg" / "new.py") + ":2:16: FB101 ")
    named_new = run("--check", "--stdin-filename", str(tmp_path / "new" / "src" / "pkg" / "new.py"), "-", stdin=NEEDS_REWRITE)
    assert named_new.returncode == 0  # that project needs 3.12 anyway
    printed = run("--stdin-filename", str(tmp_path / "old" / "m.py"), stdin=NEEDS_REWRITE)
    assert (printed.returncode, printed.stdout) == (0, REWRITTEN)


def test_each_file_gets_the_target_of_its_own_project_in_any_order(tmp_path):
    for name, requires in (("a", ">=3.8"), ("b", ">=3.12")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "pyproject.toml").write_text('[project]\nrequires-python = "{}"\n'.format(requires))
        (tmp_path / name / "m.py").write_bytes(NEEDS_REWRITE)
    for order in (["a/m.py", "b/m.py"], ["b/m.py", "a/m.py"]):
        result = run_in(tmp_path, "--check", "-v", *order)
        assert result.returncode == 1
        flagged = [line.split(":")[0] for line in result.stdout.decode().splitlines() if ": FB" in line]
        assert flagged == [str(Path("a/m.py"))]
        notes = result.stderr.decode().splitlines()
        assert str(Path("a/m.py")) + ': 1 problem for Python 3.8 (requires-python ">=3.8" in ' + str(Path("a/pyproject.toml")) + ")" in notes
        assert str(Path("b/m.py")) + ': no problems for Python 3.12 (requires-python ">=3.12" in ' + str(Path("b/pyproject.toml")) + ")" in notes
    forced = run_in(tmp_path, "--check", "--target", "3.8", "-v", "b/m.py")
    assert forced.returncode == 1 and str(Path("b/m.py")) + ": 1 problem for Python 3.8 (--target)" in forced.stderr.decode().splitlines()


def test_jobs_auto_and_bad_jobs(tmp_path):
    make_tree(tmp_path)
    assert run_in(tmp_path, "--check", "-j", "auto", "src").returncode == 1
    for bad in ("0", "two"):
        result = run_in(tmp_path, "--check", "-j", bad, "src")
        assert result.returncode == 2
        assert result.stderr.decode().splitlines()[-1] == (
            "Error: Invalid value for '-j' / '--jobs': {!r} is not a number of processes (1 or more) or 'auto'".format(bad)
        )


def test_color_is_forced_or_refused_off_a_terminal(tmp_path):
    pkg = make_tree(tmp_path)
    plain = run_in(tmp_path, "--diff", str(pkg / "new.py"))
    assert b"\x1b[" not in plain.stdout  # a pipe: no colour by default
    coloured = run_in(tmp_path, "--diff", "--color", str(pkg / "new.py"))
    assert b"\x1b[31m-print(" in coloured.stdout and b"\x1b[32m+print(" in coloured.stdout
    assert run_in(tmp_path, "--diff", "--no-color", str(pkg / "new.py")).stdout == plain.stdout
