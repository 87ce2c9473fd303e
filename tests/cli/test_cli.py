"""The command as users run it, called in this process (its standard
streams as bytes, its exit status); as a real process where processes are
what is tested: ``python -m``, ``-j``, an interrupted run."""

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fstring_backport import transpile
from fstring_backport.engine.rules import UNLOWERED

from support.cli import ALREADY_OLD, NEEDS_REWRITE, REWRITTEN, command, make_tree, run, run_in, run_process_in
from support.pythons import (
    FSTRING_ONLY_IN_313,
    REPO,
    compiles_with,
    copy_stdlib,
    interpreter,
    oracle,
    originals_and_pinned,
)

# The tests that read a whole standard library run once, on CPython 3.11.
ONE_RUN = pytest.mark.skipif(
    sys.version_info[:2] != (3, 11) or sys.implementation.name != "cpython",
    reason="one run is enough: it reads 33 MB",
)



def test_example_file_prints_on_stdout():
    example = REPO / "examples" / "greeting.py"
    result = run("--target", "3.8", str(example))
    assert result.returncode == 0, result.stderr
    assert result.stderr == b""
    assert result.stdout.count(b"\n") == example.read_bytes().count(b"\n")
    # The README's first command: its output runs on 3.8 as the original on 3.15.
    on_38 = subprocess.run([interpreter("3.8"), "-"], input=result.stdout, stdout=subprocess.PIPE)
    on_315 = subprocess.run([oracle(), str(example)], stdout=subprocess.PIPE)
    assert on_38.returncode == on_315.returncode == 0
    assert on_38.stdout == on_315.stdout


def test_stdin_and_bytes_preserved(tmp_path):
    data = b"x = f'{1}'\r\ny = 2\r\n"
    result = run("-", stdin=data)
    assert result.returncode == 0
    assert result.stdout == data


def test_bad_input_is_reported_located_and_nothing_on_stdout(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text('x = 1\ny = f"{x!z}"\n')
    result = run(str(bad))
    assert result.returncode == 1
    assert result.stdout == b""
    assert result.stderr.decode().strip() == (
        f"{bad}:2:10: f-string: invalid conversion character 'z': expected 's', 'r', or 'a'"
    )
    assert b"Traceback" not in result.stderr


def test_missing_file_is_an_error_not_a_traceback(tmp_path):
    result = run(str(tmp_path / "nope.py"))
    assert result.returncode != 0
    assert b"Traceback" not in result.stderr


def test_bad_target_is_a_usage_error():
    result = run("--target", "2.7", "-")
    assert result.returncode == 2
    assert b"3.8" in result.stderr


def test_version_and_module_form(child_env):
    from fstring_backport import __version__

    result = subprocess.run(
        [sys.executable, "-m", "fstring_backport", "--version"], stdout=subprocess.PIPE, env=child_env()
    )
    assert result.returncode == 0
    assert result.stdout == f"fstring-backport, version {__version__}\n".encode()
    assert run("--version") == (0, result.stdout, b"")


def test_a_process_reads_stdin_and_writes_bytes_as_they_are():
    data = b"x = f'{1}'\r\ny = 2\r\n" + NEEDS_REWRITE
    result = run_process_in(REPO, "-", stdin=data)
    assert (result.returncode, result.stderr) == (0, b"")
    assert result.stdout == data.replace(NEEDS_REWRITE, REWRITTEN)


# -- trees: -o, -i, --check, --diff --------------------------------------------

def test_check_lists_each_place_and_exits_1(tmp_path):
    make_tree(tmp_path)
    result = run_in(tmp_path, "--check", "src")
    assert result.returncode == 1
    assert result.stdout.decode().splitlines() == [
        "{}:2:16: FB101 quote reused inside an f-string (needs Python 3.12; target 3.8)".format(
            Path("src/pkg/new.py")
        ),
        "Found 1 problem in 1 file.",
    ]
    (tmp_path / "src" / "pkg" / "new.py").write_bytes(ALREADY_OLD)
    passed = run_in(tmp_path, "--check", "src")
    assert passed.returncode == 0 and passed.stdout == b"No problems found in 3 files.\n"
    assert run_in(tmp_path, "--check", "-q", "src").stdout == b""


def problem_lines(check_output: bytes):
    """The lines of --check's output that name a problem (not the count)."""
    return [line for line in check_output.decode().splitlines() if ": FB" in line]


def test_out_dir_writes_a_complete_tree(tmp_path):
    pkg = make_tree(tmp_path)
    result = run_in(tmp_path, "src", "-o", "out", "--copy-files")
    assert result.returncode == 0, result.stderr
    out = tmp_path / "out"
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert files == ["pkg/__init__.py", "pkg/data.json", "pkg/new.py", "pkg/sub/old.py"]
    assert (out / "pkg" / "sub" / "old.py").read_bytes() == ALREADY_OLD
    assert (out / "pkg" / "new.py").read_bytes() == REWRITTEN
    assert (pkg / "new.py").read_bytes() == NEEDS_REWRITE  # the input is never touched


def test_in_place_rewrites_only_what_changes_and_keeps_mode(tmp_path):
    pkg = make_tree(tmp_path)
    new, old = pkg / "new.py", pkg / "sub" / "old.py"
    os.chmod(str(new), 0o751)
    os.utime(str(old), (1_000_000, 1_000_000))
    result = run_in(tmp_path, "-i", "src")
    assert result.returncode == 0, result.stderr
    assert new.read_bytes() == REWRITTEN
    assert oct(new.stat().st_mode & 0o777) == oct(0o751)
    assert old.stat().st_mtime == 1_000_000
    assert old.read_bytes() == ALREADY_OLD
    assert [p.name for p in pkg.glob(".*.tmp")] == []


def test_diff_changes_nothing(tmp_path):
    pkg = make_tree(tmp_path)
    result = run_in(tmp_path, "--diff", "src")
    assert result.returncode == 0
    text = result.stdout.decode()
    assert text.count("\n+print(") == 1 and "--- " in text and "+++ " in text
    assert (pkg / "new.py").read_bytes() == NEEDS_REWRITE


def test_target_comes_from_requires_python(tmp_path):
    make_tree(tmp_path, requires=">=3.12")
    assert run_in(tmp_path, "--check", "src").returncode == 0
    assert run_in(tmp_path, "--check", "--target", "py311", "src").returncode == 1


def test_a_bad_file_is_reported_and_the_others_still_written(tmp_path):
    pkg = make_tree(tmp_path)
    (pkg / "bad.py").write_bytes(b"x = 1\nf'{x!z}'\n")
    result = run_in(tmp_path, "src", "-o", "out")
    assert result.returncode == 1
    assert "bad.py:2:6: f-string: invalid conversion character" in result.stderr.decode()
    assert b"Traceback" not in result.stderr
    assert (tmp_path / "out" / "pkg" / "new.py").exists()
    assert not (tmp_path / "out" / "pkg" / "bad.py").exists()


@pytest.mark.parametrize("out", ["out", "src/pkg/generated", "./out/"])
def test_an_output_folder_inside_the_input_is_not_read_back(tmp_path, out):
    pkg = make_tree(tmp_path)
    for _ in range(2):
        result = run_in(tmp_path, ".", "-o", out, "--copy-files")
        assert result.returncode == 0, result.stderr
    written = tmp_path / out
    assert (written / "src" / "pkg" / "new.py").exists()
    assert (written / "src" / "pkg" / "data.json").exists()
    inside = sorted(str(p.relative_to(written)) for p in written.rglob("*"))
    assert not any(Path(out).name in Path(p).parts for p in inside), inside
    assert b" of 3 files rewritten" in result.stderr
    assert (pkg / "new.py").read_bytes() == NEEDS_REWRITE


def test_the_summary_counts_failures(tmp_path):
    pkg = make_tree(tmp_path)
    (pkg / "bad.py").write_bytes(b"x = 1\nf'{x!z}'\n")
    (pkg / "sub" / "worse.py").write_bytes(b"f'{'\n")
    result = run_in(tmp_path, "src", "-o", "out")
    assert result.returncode == 1
    assert result.stderr.decode().splitlines()[-1] == "1 of 5 files rewritten, 2 failed"


def test_the_summary_says_nothing_of_failures_when_there_are_none(tmp_path):
    make_tree(tmp_path)
    result = run_in(tmp_path, "src", "-o", "out")
    assert result.returncode == 0
    assert result.stderr.decode().splitlines() == ["1 of 3 files rewritten"]


@pytest.mark.parametrize("target", ["3.12", "py313"])
def test_a_target_of_312_rewrites_only_tstrings(tmp_path, target):
    pkg = make_tree(tmp_path)
    result = run_in(tmp_path, "--target", target, str(pkg / "new.py"))
    assert result.returncode == 0
    assert result.stdout == NEEDS_REWRITE  # 3.12 reads its f-strings as they are
    assert result.stderr.decode().startswith("fstring-backport: Python 3.1")  # ... reads 3.12 f-strings as they are
    # T-strings are lowered: 3.12 and 3.13 have none.
    (pkg / "t.py").write_bytes(TSTRING)
    lowered = run_in(tmp_path, "-q", "--target", target, str(pkg / "t.py"))
    assert lowered.returncode == 0 and lowered.stderr == b""
    assert lowered.stdout == TSTRING_FOR_312


TSTRING = b"x = 1\nprint(t'{x}')\n"
TSTRING_FOR_312 = (
    b"from fstring_backport.templatelib import build as _fstring_backport_t; x = 1\n"
    b"print(_fstring_backport_t('', ((x), 'x', None, ''), ''))\n"
)


def test_a_target_that_needs_nothing_says_why(tmp_path):
    pkg = make_tree(tmp_path)
    (pkg / "t.py").write_bytes(TSTRING)
    # ... and read as they are from 3.14 on, where only 3.15's grammar is rewritten ...
    kept = run_in(tmp_path, "--target", "3.14", str(pkg / "t.py"))
    assert kept.returncode == 0 and kept.stdout == (pkg / "t.py").read_bytes()
    assert kept.stderr.decode().splitlines() == [
        (
            "fstring-backport: Python 3.14 reads 3.12 f-strings, t-strings and except A, B: as they are: "
            "only 3.15's lazy imports and unpacking in comprehensions are rewritten"
        )
    ]
    # ... and 3.15 reads everything.
    kept = run_in(tmp_path, "--target", "3.15", str(pkg / "t.py"))
    assert kept.returncode == 0 and kept.stdout == (pkg / "t.py").read_bytes()
    assert kept.stderr.decode().splitlines() == [
        "fstring-backport: nothing to rewrite for Python 3.15: Python 3.15 and later read all the grammar it lowers"
    ]


@pytest.mark.parametrize("target", ["3.12", "3.13"])
def test_a_target_with_native_fstrings_says_what_it_rewrites_once(tmp_path, target):
    pkg = make_tree(tmp_path)
    (pkg / "t.py").write_bytes(TSTRING)
    result = run_in(tmp_path, "--target", target, "--check", "src")
    assert result.returncode == 1
    assert result.stderr.decode().splitlines() == [
        f"fstring-backport: Python {target} reads 3.12 f-strings as they are: "
        "only t-strings, except A, B: and 3.15's grammar are rewritten"
        if target == "3.13"
        else f"fstring-backport: Python {target} reads 3.12 f-strings: only t-strings, except A, B:, 3.15's grammar "
        "and the f-strings that 3.13 reads otherwise (FB108, FB202) are rewritten"
    ]
    assert [line.split(": ", 1)[1] for line in result.stdout.decode().splitlines()[:-1]] == [
        f"FB301 t-string (needs Python 3.14; target {target})"
    ]
    quiet = run_in(tmp_path, "--target", target, "-q", "--check", "src")
    assert quiet.stderr == b""


def test_a_target_that_needs_rewriting_says_nothing_more(tmp_path):
    pkg = make_tree(tmp_path)
    result = run_in(tmp_path, "--target", "3.11", str(pkg / "new.py"))
    assert result.returncode == 0 and result.stderr == b""


def test_a_folder_without_a_mode_says_a_folder(tmp_path):
    (tmp_path / "one").mkdir()
    (tmp_path / "one" / "m.py").write_bytes(b"x = 1\n")
    result = run_in(tmp_path, "one")
    assert result.returncode == 2
    assert b"a folder needs -o, -i, --check or --diff" in result.stderr
    assert b"several files" not in result.stderr
    (tmp_path / "n.py").write_bytes(b"x = 1\n")
    several = run_in(tmp_path, "one/m.py", "n.py")
    assert several.returncode == 2
    assert b"several files need -o, -i, --check or --diff" in several.stderr


def test_output_does_not_depend_on_jobs(tmp_path):
    pkg = make_tree(tmp_path)
    for i in range(12):
        (pkg / f"m{i}.py").write_bytes(NEEDS_REWRITE.replace(b"x", str(i).encode()))
    one = run_in(tmp_path, "--diff", "-j", "1", "src")
    two = run_process_in(tmp_path, "--diff", "-j", "2", "src")
    assert one.returncode == two.returncode == 0
    assert one.stdout == two.stdout and one.stdout


def test_reports_come_in_path_order_whatever_goes_first(tmp_path):
    # With -j 2 the largest files are sent first; reports keep path order.
    pkg = make_tree(tmp_path)
    for i in range(40):
        (pkg / f"m{i:02}.py").write_bytes(NEEDS_REWRITE * (1 + (i * 7) % 40))
    (pkg / "m05.py").write_bytes(b"x = 1\nf'{x!z}'\n")
    result = run_process_in(tmp_path, "-v", "-j", "2", "src", "-o", "out")
    assert result.returncode == 1
    lines = [line.split(":")[0] for line in result.stderr.decode().splitlines() if line.startswith("src")]
    assert len(lines) >= 42 and lines == sorted(lines), lines
    assert "src/pkg/m05.py:2:6: f-string: invalid conversion character" in result.stderr.decode()


@pytest.mark.parametrize(
    "args",
    [["-i", "--check", "src"], ["--copy-files", "src"], ["src"], ["-i", "-"], ["nope"]],
)
def test_usage_errors_exit_2(tmp_path, args):
    make_tree(tmp_path)
    result = run_in(tmp_path, *args)
    assert result.returncode == 2
    assert b"Traceback" not in result.stderr


def test_pre_commit_manifest_is_valid():
    manifest = REPO / ".pre-commit-hooks.yaml"
    result = subprocess.run(
        [sys.executable, "-m", "pre_commit", "validate-manifest", str(manifest)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    assert result.returncode == 0, result.stdout
    assert b"fstring-backport --check" in manifest.read_bytes()


@pytest.mark.slow
def test_interrupted_in_place_run_leaves_every_file_old_or_new(tmp_path, child_env):
    pkg = make_tree(tmp_path)
    originals = {}
    for i in range(300):
        path = pkg / f"m{i:03}.py"
        path.write_bytes(NEEDS_REWRITE * 200)
        originals[path] = path.read_bytes()
    process = subprocess.Popen(
        command() + ["-i", "-j", "1", "src"], cwd=str(tmp_path), env=child_env(),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    deadline = time.time() + 60
    while time.time() < deadline and all(p.read_bytes() == d for p, d in originals.items()):
        time.sleep(0.02)
    process.kill()  # mid-way: some files are done, most are not
    process.wait()
    rewritten = 0
    data = NEEDS_REWRITE * 200  # every file's
    whole = (data, transpile(data, (3, 8)))
    for path in originals:
        now = path.read_bytes()
        assert now in whole, path
        rewritten += now != data
    assert 0 < rewritten < len(originals)


@pytest.mark.slow  # a copy of the 3.13 standard library
@ONE_RUN
def test_check_on_a_copy_of_the_313_stdlib_finds_what_311_rejects(tmp_path):
    copy_stdlib("3.13", tmp_path / "lib")
    result = run_in(tmp_path, "--check", "--target", "3.8", "lib")
    assert result.returncode == 1
    lines = problem_lines(result.stdout)
    # f-strings, t-strings and except A, B:, which the tool rewrites; and
    # newer grammar it names (match, type parameters...), which 3.8 rejects
    # (what it lowers of that, with (a, b): among it, 3.8 may read otherwise)
    rewritten = {"FB1", "FB2", "FB3", "FB401"}
    flagged = {line.split(":")[0] for line in lines if line.split(" ")[1].startswith(tuple(rewritten))}
    unlowered = {rule.code for rule in UNLOWERED}
    named = {line.split(":")[0] for line in lines if line.split(" ")[1] in unlowered}
    errors = {line.split(":")[0] for line in result.stderr.decode().splitlines()}
    assert len(errors) < 10  # bad-syntax test fixtures
    # Every flagged file is one that Python 3.11 rejects; every other, 3.8.
    assert not any(compiles_with("3.11", [tmp_path / f for f in flagged]).values())
    assert len(named) > 30 and not any(compiles_with("3.8", [tmp_path / f for f in named]).values())
    names = {Path(f).relative_to("lib").as_posix() for f in flagged}
    # test_fstring.py and test_grammar.py have other new syntax too.
    assert names == FSTRING_ONLY_IN_313 | {"test/test_fstring.py", "test/test_grammar.py"}


# ruff knows neither of these 3.11 errors; python3.11 rejects both.
NOT_IN_RUFF = (": FB107 ", ": FB106 ")  # whitespace after a conversion, specs nested too deeply
# Nor a line break inside a triple-quoted string nested in a single-quoted
# f-string (f'{"""a<newline>b"""}'), which 3.11 rejects too.
RUFF_MISSES = {("lib/test/test_fstring.py", "1674")}


@pytest.mark.slow  # a copy of the 3.13 standard library
@ONE_RUN
def test_check_agrees_with_ruff_on_the_313_stdlib(tmp_path):

    copy_stdlib("3.13", tmp_path / "lib")
    ruff = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "--isolated", "--target-version", "py311",
         "--select", "F401", "--output-format", "concise", "lib"],
        cwd=str(tmp_path), stdout=subprocess.PIPE, text=True,
    ).stdout
    theirs = {
        tuple(line.split(":")[:2])
        for line in ruff.splitlines()
        if "invalid-syntax" in line and "f-string" in line
    }
    ours_output = [  # f-strings only: not the newer grammar that 3.11 rejects too (type parameters...)
        line
        for line in problem_lines(run_in(tmp_path, "--check", "--target", "3.11", "lib").stdout)
        if line.split(" ")[1].startswith(("FB1", "FB2"))
    ]
    ours = {tuple(line.split(":")[:2]) for line in ours_output}
    extra = {tuple(line.split(":")[:2]) for line in ours_output if any(code in line for code in NOT_IN_RUFF)}
    assert len(theirs) > 20
    assert ours - extra - RUFF_MISSES == theirs


@pytest.mark.slow  # a copy of the 3.13 standard library
@ONE_RUN
def test_out_dir_on_a_copy_of_the_313_stdlib_is_complete(tmp_path):
    from fstring_backport.project.selection import NOT_COPIED

    tree = copy_stdlib("3.13", tmp_path / "lib")
    result = run_in(tmp_path, "lib", "-o", "out", "--copy-files", "-q")
    assert result.returncode == 1  # the bad-syntax fixtures are reported, the rest written
    # (newer grammar that 3.8 rejects is named, and written as it is)
    rejected = {
        line.split(":")[0] for line in result.stderr.decode().splitlines() if not re.search(r": FB4\d\d ", line)
    }
    same = 0
    changed = set()
    for path in tree.rglob("*"):
        if not path.is_file():
            continue
        relative = path.relative_to(tree)
        written = tmp_path / "out" / relative
        if NOT_COPIED.intersection(relative.parts[:-1]):
            assert not written.exists()
        elif str(Path("lib") / relative) in rejected:
            assert not written.exists()
        elif written.read_bytes() == path.read_bytes():
            same += 1
        else:
            changed.add(relative.as_posix())
            assert path.suffix == ".py"
    assert same > 2000
    # The f-string files, test_fstring.py and test_grammar.py; and the files
    # with other grammar that 3.8 rejects and the tool lowers (a type
    # statement, a with statement's brackets, ":=" in a subscript,
    # tuple[*Ts], *args: *Ts), found here by their lines.
    strings = set(FSTRING_ONLY_IN_313) | {"test/test_fstring.py", "test/test_grammar.py"}
    assert strings <= changed
    lowered = re.compile(
        r"^[ \t]*(?:type [A-Za-z_]\w* =|(?:async )?with \()|\w\[\w+ ?:=|\w\[\*\w|\*\w+: \*\w", re.MULTILINE
    )
    assert all(lowered.search((tree / name).read_text("utf-8")) for name in changed - strings), changed - strings


def test_verbose_names_each_file_and_what_was_rewritten(tmp_path):
    make_tree(tmp_path)
    result = run_in(tmp_path, "--diff", "-v", "src")
    lines = result.stderr.decode().splitlines()
    new = str(Path("src/pkg/new.py"))
    assert new + ': rewritten for Python 3.8 (requires-python ">=3.8" in pyproject.toml)' in lines
    assert new + ":2:16: rewritten: FB101 quote reused inside an f-string (needs Python 3.12; target 3.8)" in lines
    old = str(Path("src/pkg/sub/old.py"))
    assert old + ': unchanged for Python 3.8 (requires-python ">=3.8" in pyproject.toml)' in lines
    assert run_in(tmp_path, "--diff", "-q", "src").stderr == b""


def test_check_and_diff_read_stdin(tmp_path):
    result = run("--check", "-", stdin=NEEDS_REWRITE)
    assert result.returncode == 1
    assert result.stdout.decode().startswith("-:2:16: FB101 quote reused")
    result = run("--diff", "-", stdin=NEEDS_REWRITE)
    assert result.returncode == 0 and b"+print(f\"{songs['t']}\")" in result.stdout


def test_include_and_exclude_from_pyproject(tmp_path):
    pkg = make_tree(tmp_path)
    (pkg / "skip.py").write_bytes(NEEDS_REWRITE)
    with (tmp_path / "pyproject.toml").open("a") as handle:
        handle.write('\n[tool.fstring-backport]\ntarget = "3.9"\nexclude = ["src/pkg/skip.py"]\n')
    result = run_in(tmp_path, "--check", "src")
    assert [line.split(":")[0] for line in problem_lines(result.stdout)] == [str(Path("src/pkg/new.py"))]
    (tmp_path / "pyproject.toml").write_text('[tool.fstring-backport]\ninclude = ["src/pkg/sub/*"]\n')
    only_sub = run_in(tmp_path, "--check", "-v", "src")
    assert only_sub.returncode == 0  # new.py is not included ...
    old = str(Path("src/pkg/sub/old.py"))
    assert old + ": no problems for Python 3.8 (the default)" in only_sub.stderr.decode()  # ... old.py is


LATIN = "# -*- coding: latin-1 -*-\r\nname = 'Müller'\r\nprint(f\"{name + \"é\"}\")\r\n".encode("latin-1")
LATIN_FOR_38 = "# -*- coding: latin-1 -*-\r\nname = 'Müller'\r\nprint(f\"{name + 'é'}\")\r\n".encode("latin-1")
BOM = b"\xef\xbb\xbfd = {'k': 1}\nprint(f'{d['k']}')\n"
BOM_FOR_38 = b"\xef\xbb\xbfd = {'k': 1}\nprint(f'{d[\"k\"]}')\n"


def test_in_place_keeps_encoding_bom_and_line_endings(tmp_path):
    latin = tmp_path / "latin.py"
    latin.write_bytes(LATIN)
    bom = tmp_path / "bom.py"
    bom.write_bytes(BOM)
    result = run_in(tmp_path, "-i", "latin.py", "bom.py")
    assert result.returncode == 0, result.stderr
    assert latin.read_bytes() == LATIN_FOR_38
    assert bom.read_bytes() == BOM_FOR_38


# (target, original, the output pinned above, the files' encoding)
PINNED = [
    ("3.8", NEEDS_REWRITE, REWRITTEN, "utf-8"),
    ("3.12", TSTRING, TSTRING_FOR_312, "utf-8"),
    ("3.8", LATIN, LATIN_FOR_38, "latin-1"),
    ("3.8", BOM, BOM_FOR_38, "utf-8-sig"),
]


def test_the_pinned_outputs_run_on_their_target_as_the_originals_on_315():
    cases = [(target, "", original.decode(code), pinned.decode(code)) for target, original, pinned, code in PINNED]
    for case, (expected, got) in zip(PINNED, originals_and_pinned(cases)):
        assert expected[1] is None and expected[0], expected  # it printed something
        assert got == expected, case
