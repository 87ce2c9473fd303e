"""Newer grammar the command leaves as it is: named, never passed in silence.

A construct the target rejects and the tool does not lower (a match
statement for 3.8) is a problem line on every way the command writes
(stdout, -o, -i, --diff) and in --check, and the exit status is 1; what
can be rewritten still is.  ``[tool.fstring-backport] ignore`` accepts a
rule's code knowingly.
"""

from fstring_backport import transpile

from support.cli import run_in

SOURCE = b'd = {"k": 1}\nmatch d:\n    case {"k": v}:\n        print(f"{d["k"]}", v)\n'
MATCH = "FB407 match statement needs Python 3.10 (target 3.8)"


def tree(tmp_path, settings=""):
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "p"\nrequires-python = ">=3.8"\n' + settings)
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "m.py").write_bytes(SOURCE)
    (tmp_path / "src" / "plain.py").write_bytes(b"x = 1\n")


def test_check_lists_it_beside_what_it_rewrites(tmp_path):
    tree(tmp_path)
    result = run_in(tmp_path, "--check", "src")
    assert result.returncode == 1
    assert result.stdout.decode().splitlines() == [
        f"src/m.py:2:1: {MATCH}",
        "src/m.py:4:20: FB101 quote reused inside an f-string (needs Python 3.12; target 3.8)",
        "Found 2 problems in 1 file.",
    ]


def test_writing_writes_what_it_can_names_the_rest_and_exits_1(tmp_path):
    tree(tmp_path)
    for args in (["src", "-o", "out"], ["-i", "src"], ["src/m.py"], ["--diff", "src"]):
        result = run_in(tmp_path, *args)
        assert result.returncode == 1, args
        assert f"src/m.py:2:1: {MATCH}" in result.stderr.decode().splitlines(), args
    assert (tmp_path / "src" / "m.py").read_bytes() == transpile(SOURCE, "3.8") != SOURCE
    assert (tmp_path / "out" / "m.py").read_bytes() == transpile(SOURCE, "3.8")
    quiet = run_in(tmp_path, "-q", "src/plain.py", "src/m.py", "-o", "out2")
    assert quiet.stderr.decode().splitlines() == [f"src/m.py:2:1: {MATCH}"]


def test_the_summary_counts_the_files_with_problems(tmp_path):
    tree(tmp_path)
    result = run_in(tmp_path, "src", "-o", "out")
    assert result.stderr.decode().splitlines()[-1] == "1 of 2 files rewritten, 1 file with problems"


def test_a_target_that_reads_it_says_nothing(tmp_path):
    tree(tmp_path)
    result = run_in(tmp_path, "--target", "3.10", "src", "-o", "out")
    assert result.returncode == 0 and MATCH not in result.stderr.decode()


def test_ignore_accepts_a_code_knowingly(tmp_path):
    tree(tmp_path, '\n[tool.fstring-backport]\nignore = ["FB407"]\n')
    assert run_in(tmp_path, "src", "-o", "out").returncode == 0
    check = run_in(tmp_path, "--check", "src")
    assert check.stdout.decode().splitlines()[0].startswith("src/m.py:4:20: FB101")


def test_a_bad_ignore_is_one_line_and_exit_2(tmp_path):
    tree(tmp_path, '\n[tool.fstring-backport]\nignore = ["FB999"]\n')
    result = run_in(tmp_path, "--check", "src")
    assert result.returncode == 2
    assert len(result.stderr.decode().splitlines()) == 1
    assert "ignore must be a list of rule codes" in result.stderr.decode()
