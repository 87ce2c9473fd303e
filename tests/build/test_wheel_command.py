"""``python -m fstring_backport wheel``: wheels that any tool built, rewritten.

The wheels here are made by the tests (tests/support/wheels.py), as a
backend writes them; real backends' wheels are rewritten in
test_wrapped_builds.py.  What the rewritten modules do is the engine's (the
differential tests): here, each is what ``transpile`` makes of the original
with the wheel's target and runtime copy, and the wheel around it is right
(``python -m wheel unpack`` checks every hash).  The command runs in this
process (``support.cli.run_wheel_in``) but where its memory is measured.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import NamedTuple

import pytest

from fstring_backport import transpile
from fstring_backport.project.runtime_copies import runtime_source

from support.builds import MATCH_MODULE, match_problem
from support.cli import run_wheel_in
from support.pythons import REPO
from support.wheels import make_wheel, metadata, record_hash, record_problems, wheel_unpack

FSTRINGS = b'd = {"k": "v"}\nx = f"{d["k"]}"\ny = f"{"\\n".join("ab")}"\n'
TSTRING = b"from string.templatelib import Template\nname = 1\ngreeting = t\"hi {name!r}\"\n"
OLD = b"x = f'{1}'\n"
DATA = os.urandom(1 << 16)  # incompressible: its compressed bytes are checked too
BAD = b"x = 1\nf'{x!z}'\n"
BAD_MESSAGE = "f-string: invalid conversion character 'z': expected 's', 'r', or 'a'"


class Ran(NamedTuple):
    returncode: int
    stdout: str
    stderr: str


def run_wheel(*args, cwd=REPO) -> Ran:
    """The command with ``args``, run in this process from ``cwd``; its output as text."""
    result = run_wheel_in(cwd, *args)
    return Ran(result.returncode, result.stdout.decode(), result.stderr.decode())


@pytest.fixture
def run(tmp_path):
    return lambda *args: run_wheel(*args, cwd=tmp_path)


def members(wheel: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(str(wheel)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def infos(wheel: Path) -> list[zipfile.ZipInfo]:
    with zipfile.ZipFile(str(wheel)) as archive:
        return archive.infolist()


def raw_member(wheel: Path, name: str) -> bytes:
    """The compressed bytes of member ``name``, as they lie in the file."""
    with zipfile.ZipFile(str(wheel)) as archive:
        info = archive.getinfo(name)
    data = wheel.read_bytes()
    header = info.header_offset
    name_length = int.from_bytes(data[header + 26 : header + 28], "little")
    extra_length = int.from_bytes(data[header + 28 : header + 30], "little")
    start = header + 30 + name_length + extra_length
    return data[start : start + info.compress_size]


def sample(tmp_path: Path, **options) -> Path:
    files = {
        "pkg/__init__.py": b"",
        "pkg/fmt.py": FSTRINGS,
        "pkg/tpl.py": TSTRING,
        "pkg/old.py": OLD,
        "pkg/fmt.pyi": b'x: str = f"{"s"}"\n',
        "pkg/data.bin": DATA,
        "pkg/run.sh": b"#!/bin/sh\n",
        "demo-1.0.data/purelib/extra/__init__.py": b"",
        "demo-1.0.data/purelib/extra/mod.py": FSTRINGS,
        "demo-1.0.data/platlib/plat.py": TSTRING,
        "demo-1.0.data/scripts/tool": b'#!python\nprint(f"{"x"}")\n',
        "demo-1.0.data/data/share/x.py": FSTRINGS,
    }
    return make_wheel(tmp_path, files, **options)


def test_modules_are_transpiled_and_the_rest_is_copied_as_it_was(run, tmp_path):
    wheel = sample(tmp_path)
    before, before_infos = members(wheel), infos(wheel)
    raw_data = raw_member(wheel, "pkg/data.bin")
    result = run(wheel)
    assert result.returncode == 0, result.stderr
    assert result.stderr == (
        f'{wheel}: 5 files rewritten for Python 3.8 (Requires-Python ">=3.8" of the wheel), '
        "2 runtime copies added\n"
    )
    after = members(wheel)
    runtime = runtime_source()
    rewritten = {
        "pkg/fmt.py": transpile(FSTRINGS, "3.8", runtime="pkg._fstring_backport_templatelib"),
        "pkg/tpl.py": transpile(TSTRING, "3.8", runtime="pkg._fstring_backport_templatelib"),
        "pkg/fmt.pyi": transpile(before["pkg/fmt.pyi"], "3.8"),
        "demo-1.0.data/purelib/extra/mod.py": transpile(FSTRINGS, "3.8"),
        # A module in no regular package: a copy named after it, beside it.
        "demo-1.0.data/platlib/plat.py": transpile(TSTRING, "3.8", runtime="_fstring_backport_templatelib_plat"),
        "demo-1.0.dist-info/RECORD": after["demo-1.0.dist-info/RECORD"],
    }
    added = {
        "pkg/_fstring_backport_templatelib.py": runtime,
        "demo-1.0.data/platlib/_fstring_backport_templatelib_plat.py": runtime,
    }
    assert {name: text for name, text in after.items() if before.get(name) != text} == {**rewritten, **added}
    assert set(after) == set(before) | set(added)
    # Scripts, headers and data are not modules: left as they were.
    assert after["demo-1.0.data/scripts/tool"] == before["demo-1.0.data/scripts/tool"]
    assert after["demo-1.0.data/data/share/x.py"] == FSTRINGS
    assert after["pkg/old.py"] == OLD
    assert record_problems(wheel) == []
    assert wheel_unpack(wheel, tmp_path / "unpacked").returncode == 0
    # Members keep their order (the added ones go before the .dist-info),
    # dates, permissions, compression; copied ones their very bytes.
    after_infos = infos(wheel)
    names = [info.filename for info in after_infos]
    assert names == [i.filename for i in before_infos if ".dist-info" not in i.filename] + sorted(added) + [
        i.filename for i in before_infos if ".dist-info" in i.filename
    ]
    # A runtime copy is dated, and has the permissions, of the module that imports it.
    old = {info.filename: info for info in before_infos}
    old["pkg/_fstring_backport_templatelib.py"] = old["pkg/tpl.py"]
    old["demo-1.0.data/platlib/_fstring_backport_templatelib_plat.py"] = old["demo-1.0.data/platlib/plat.py"]
    for info in after_infos:
        like = old[info.filename]
        assert (info.date_time, info.external_attr, info.compress_type) == (
            like.date_time, like.external_attr, like.compress_type,
        ), info.filename
    assert raw_member(wheel, "pkg/data.bin") == raw_data


def test_a_wheel_with_nothing_to_change_is_left_alone(run, tmp_path):
    wheel = make_wheel(tmp_path, {"pkg/__init__.py": OLD, "pkg/data.bin": DATA})
    os.utime(str(wheel), (1_000_000_000, 1_000_000_000))
    before = wheel.read_bytes()
    result = run(wheel)
    assert result.returncode == 0 and "unchanged for Python 3.8" in result.stderr
    assert wheel.read_bytes() == before and wheel.stat().st_mtime == 1_000_000_000
    result = run("-w", tmp_path / "out", wheel)
    assert result.returncode == 0
    assert (tmp_path / "out" / wheel.name).read_bytes() == before


def test_rewriting_twice_changes_nothing_the_second_time(run, tmp_path):
    wheel = sample(tmp_path)
    out = tmp_path / "out"
    assert run("-w", out, wheel).returncode == 0
    once = (out / wheel.name).read_bytes()
    result = run(out / wheel.name)
    assert result.returncode == 0 and "unchanged" in result.stderr
    assert (out / wheel.name).read_bytes() == once


def test_wheel_dir_leaves_the_input_alone(run, tmp_path):
    wheel = sample(tmp_path)
    before = wheel.read_bytes()
    result = run("-w", tmp_path / "new" / "dir", wheel)
    assert result.returncode == 0, result.stderr
    assert wheel.read_bytes() == before
    assert members(tmp_path / "new" / "dir" / wheel.name)["pkg/fmt.py"] != FSTRINGS
    assert str(tmp_path / "new" / "dir" / wheel.name) in result.stderr


@pytest.mark.parametrize(
    "requires_python, option, expected_target, tstrings_only",
    [
        (">=3.8", [], "3.8", False),
        (">=3.10,<4", [], "3.10", False),
        (None, [], "3.8", False),  # the default
        (">=3.12", [], "3.12", True),  # 3.12 reads the f-strings; t-strings are lowered
        (">=3.8", ["--target", "3.13"], "3.13", True),
    ],
)
def test_target_is_requires_python_unless_given(run, tmp_path, requires_python, option, expected_target, tstrings_only):
    wheel = make_wheel(tmp_path, {"pkg/__init__.py": b"", "pkg/fmt.py": FSTRINGS, "pkg/tpl.py": TSTRING},
                       requires_python=requires_python)
    result = run(*option, wheel)
    assert result.returncode == 0, result.stderr
    assert f"for Python {expected_target} (" in result.stderr
    after = members(wheel)
    assert (after["pkg/fmt.py"] == FSTRINGS) is tstrings_only
    assert after["pkg/fmt.py"] == transpile(FSTRINGS, expected_target, runtime="pkg._fstring_backport_templatelib")
    assert after["pkg/tpl.py"] == transpile(TSTRING, expected_target, runtime="pkg._fstring_backport_templatelib")


def test_a_wheel_for_314_is_left_alone(run, tmp_path):
    wheel = make_wheel(tmp_path, {"pkg/tpl.py": TSTRING}, requires_python=">=3.14")
    before = wheel.read_bytes()
    result = run(wheel)
    assert result.returncode == 0 and "unchanged for Python 3.14" in result.stderr
    assert wheel.read_bytes() == before


def test_inline_constants(run, tmp_path):
    wheel = make_wheel(tmp_path, {"fmt.py": FSTRINGS})
    assert run("--inline-constants", wheel).returncode == 0
    text = members(wheel)["fmt.py"]
    assert text == transpile(FSTRINGS, "3.8", inline_constants=True) != FSTRINGS
    assert b"_fstring_backport" not in text


# A module written for 3.14: an annotation names a class defined below.
ANNOTATED = b'"""Nodes."""\n\ndef make() -> Node:\n    return Node()\n\n\nclass Node:\n    pass\n'


def test_future_annotations(run, tmp_path):
    wheel = make_wheel(tmp_path, {"tree.py": ANNOTATED})
    assert run(wheel).returncode == 0
    assert members(wheel)["tree.py"] == ANNOTATED  # off unless asked for
    assert run("--future-annotations", wheel).returncode == 0
    assert members(wheel)["tree.py"] == transpile(ANNOTATED, "3.8", future_annotations=True) != ANNOTATED


def test_invalid_source_is_refused_and_the_wheel_left_as_it_was(run, tmp_path):
    wheel = make_wheel(tmp_path, {"pkg/__init__.py": FSTRINGS, "pkg/bad.py": BAD, "pkg/worse.pyi": BAD})
    before = wheel.read_bytes()
    result = run("-w", tmp_path / "out", wheel)
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        f"{wheel.name}!pkg/bad.py:2:6: {BAD_MESSAGE}",
        f"{wheel.name}!pkg/worse.pyi:2:6: {BAD_MESSAGE}",
        f"fstring-backport: {wheel}: not rewritten: 2 problems in its sources",
    ]
    assert wheel.read_bytes() == before
    assert not (tmp_path / "out" / wheel.name).exists()
    assert run(wheel).returncode == 1 and wheel.read_bytes() == before


# -- newer grammar: named, never rewritten in silence --------------------------

# What the command says to do, after the lines that name each place.
ADVICE_START = "fstring-backport does not lower these, and the target rejects them: build the wheel with"


def match_wheel(tmp_path: Path, requires_python: str = ">=3.8") -> Path:
    return make_wheel(
        tmp_path, {"pkg/__init__.py": FSTRINGS, "pkg/route.py": MATCH_MODULE}, requires_python=requires_python
    )


def test_newer_grammar_the_target_rejects_leaves_the_wheel_as_it_was(run, tmp_path):
    wheel = match_wheel(tmp_path)
    before = wheel.read_bytes()
    for args in (["-w", tmp_path / "out", wheel], [wheel]):
        result = run(*args)
        assert result.returncode == 1
        lines = result.stderr.splitlines()
        assert lines[0] == match_problem(f"{wheel.name}!pkg/route.py")
        assert lines[1].startswith(ADVICE_START) and "--ignore FBnnn" in lines[1] and "[tool." not in lines[1]
        assert lines[2:] == [f"fstring-backport: {wheel}: not rewritten: 1 problem in its sources"]
        assert wheel.read_bytes() == before
    assert not (tmp_path / "out" / wheel.name).exists()


@pytest.mark.parametrize(
    "option", [["--ignore", "FB407"], ["--ignore", "FB411, FB407"], ["--ignore=FB411", "--ignore=FB407"]]
)
def test_ignore_rewrites_it_knowingly(run, tmp_path, option):
    wheel = match_wheel(tmp_path)
    result = run(*option, wheel)
    assert result.returncode == 0, result.stderr
    assert result.stderr == f'{wheel}: 2 files rewritten for Python 3.8 (Requires-Python ">=3.8" of the wheel)\n'
    assert members(wheel)["pkg/route.py"] == transpile(MATCH_MODULE, "3.8") != MATCH_MODULE
    assert record_problems(wheel) == []


def test_a_wheel_for_310_is_rewritten_without_complaint(run, tmp_path):
    wheel = match_wheel(tmp_path, requires_python=">=3.10")
    result = run(wheel)
    assert result.returncode == 0
    assert result.stderr == f'{wheel}: 2 files rewritten for Python 3.10 (Requires-Python ">=3.10" of the wheel)\n'
    assert members(wheel)["pkg/route.py"] == transpile(MATCH_MODULE, "3.10") != MATCH_MODULE


@pytest.mark.parametrize("value", ["FB999", "FB407,fb411", "E501", "FB407,,FB4O7"])
def test_an_unknown_code_is_a_usage_error_in_one_line(run, tmp_path, value):
    wheel = match_wheel(tmp_path)
    before = wheel.read_bytes()
    result = run("--ignore", value, wheel)
    assert result.returncode == 2
    bad = [code for code in value.split(",") if code and code != "FB407"][0]
    assert result.stderr == (
        f"fstring-backport: --ignore {bad!r} is not a rule code (such as FB407; docs/rules.md lists them)\n"
    )
    assert wheel.read_bytes() == before


def test_a_file_named_as_the_runtime_is_refused(run, tmp_path):
    wheel = make_wheel(tmp_path, {"pkg/__init__.py": TSTRING, "pkg/_fstring_backport_templatelib.py": b"x = 1\n"})
    result = run(wheel)
    assert result.returncode == 1
    assert result.stderr.splitlines()[0] == (
        f"{wheel.name}!pkg/_fstring_backport_templatelib.py: this name is the t-string runtime's that "
        "fstring-backport ships; rename the file"
    )


def lying(tmp_path: Path, how: str) -> Path:
    files = {"pkg/__init__.py": FSTRINGS, "pkg/data.bin": DATA}
    dist_info = "demo-1.0.dist-info"
    meta = metadata("demo", "1.0")
    wheel_file = b"Wheel-Version: 1.0\nGenerator: tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    rows = {
        "pkg/__init__.py": f"pkg/__init__.py,{record_hash(FSTRINGS)},{len(FSTRINGS)}",
        "pkg/data.bin": f"pkg/data.bin,{record_hash(DATA)},{len(DATA)}",
        "METADATA": f"{dist_info}/METADATA,{record_hash(meta)},{len(meta)}",
        "WHEEL": f"{dist_info}/WHEEL,{record_hash(wheel_file)},{len(wheel_file)}",
        "RECORD": f"{dist_info}/RECORD,,",
    }
    if how == "hash of data":
        rows["pkg/data.bin"] = f"pkg/data.bin,{record_hash(DATA[1:])},{len(DATA)}"
    elif how == "hash of a module":
        rows["pkg/__init__.py"] = f"pkg/__init__.py,{record_hash(OLD)},{len(FSTRINGS)}"
    elif how == "size":
        rows["pkg/data.bin"] = f"pkg/data.bin,{record_hash(DATA)},{len(DATA) + 1}"
    elif how == "missing row":
        del rows["pkg/data.bin"]
    elif how == "extra row":
        rows["ghost"] = f"pkg/ghost.py,{record_hash(b'')},0"
    elif how == "no hash":
        rows["pkg/data.bin"] = f"pkg/data.bin,,{len(DATA)}"
    return make_wheel(tmp_path, files, record="\n".join(rows.values()) + "\n")


@pytest.mark.parametrize(
    "how, message",
    [
        ("hash of data", "RECORD's hash of pkg/data.bin is not the file's"),
        ("hash of a module", "RECORD's hash of pkg/__init__.py is not the file's"),
        ("size", f"RECORD gives pkg/data.bin a size of {len(DATA) + 1}, and it has {len(DATA)} bytes"),
        ("missing row", "RECORD does not list pkg/data.bin"),
        ("extra row", "RECORD lists pkg/ghost.py, which the wheel does not hold"),
        ("no hash", "RECORD gives pkg/data.bin no hash that can be checked (\'\')"),
    ],
)
def test_a_record_that_lies_is_refused(run, tmp_path, how, message):
    wheel = lying(tmp_path, how)
    before = wheel.read_bytes()
    for args in ([wheel], ["-w", tmp_path / "out", wheel]):
        result = run(*args)
        assert result.returncode == 2
        assert result.stderr == f"fstring-backport: {wheel}: {message}\n"
        assert wheel.read_bytes() == before
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").iterdir())


def corrupt(tmp_path: Path) -> Path:
    """A wheel whose data member's compressed bytes are damaged."""
    wheel = make_wheel(tmp_path, {"pkg/__init__.py": FSTRINGS, "pkg/data.bin": bytes(1 << 16)})
    raw = raw_member(wheel, "pkg/data.bin")
    data = bytearray(wheel.read_bytes())
    at = data.find(raw) + len(raw) // 2
    data[at] ^= 0xFF
    wheel.write_bytes(bytes(data))
    return wheel


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda d: _write(d / "demo-1.0-py3-none-any.whl", b"not a zip"),
         "not a wheel: not a readable zip archive (File is not a zip file)"),
        (lambda d: _write(d / "demo.zip", b"PK"),
         "not a wheel: a wheel's name is NAME-VERSION-PYTHON-ABI-PLATFORM.whl"),
        (corrupt, "pkg/data.bin cannot be read: "),
        (lambda d: _zip(d / "demo-1.0-py3-none-any.whl", {"pkg/m.py": b""}),
         "not a wheel: it needs one NAME-VERSION.dist-info folder with a RECORD, and has none"),
        (lambda d: d / "missing-1.0-py3-none-any.whl", "No such file or directory"),
        # Members that installers refuse, for they would land outside site-packages.
        (lambda d: make_wheel(d, {"../evil.py": FSTRINGS}),
         "not a wheel: its member ../evil.py would be installed outside the target folder"),
        (lambda d: make_wheel(d, {"pkg/../../evil.py": FSTRINGS}),
         "not a wheel: its member pkg/../../evil.py would be installed outside the target folder"),
        (lambda d: make_wheel(d, {"/tmp/evil.py": FSTRINGS}),
         "not a wheel: its member /tmp/evil.py would be installed outside the target folder"),
    ],
    ids=["not-a-zip", "not-a-wheel-name", "corrupt", "no-dist-info", "missing", "parent", "parent-inside", "absolute"],
)
def test_a_file_that_is_not_a_good_wheel_is_one_line_and_status_2(run, tmp_path, make, message):
    wheel = make(tmp_path)
    before = wheel.read_bytes() if wheel.exists() else None
    result = run("-w", tmp_path / "out", wheel)
    assert result.returncode == 2
    assert result.stderr.startswith(f"fstring-backport: {wheel}: {message}")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert (wheel.read_bytes() if wheel.exists() else None) == before
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").iterdir())
    if wheel.exists():
        assert run(wheel).returncode == 2 and wheel.read_bytes() == before


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def _zip(path: Path, files: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(str(path), "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return path


def test_other_wheels_are_still_rewritten_and_the_worst_status_wins(run, tmp_path):
    good = make_wheel(tmp_path, {"good.py": FSTRINGS}, name="good")
    bad = make_wheel(tmp_path, {"bad.py": BAD}, name="bad")
    broken = _write(tmp_path / "broken-1.0-py3-none-any.whl", b"junk")
    result = run(bad, good, broken)
    assert result.returncode == 2
    assert members(good)["good.py"] != FSTRINGS


@pytest.mark.parametrize("compression", [zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED])
def test_members_written_as_to_a_pipe_and_stored_ones(run, tmp_path, compression):
    """Sizes after the data (a data descriptor), and members not compressed."""
    wheel = make_wheel(
        tmp_path, {"pkg/__init__.py": TSTRING, "pkg/data.bin": DATA}, compression=compression, stream=True
    )
    assert all(info.flag_bits & 0x8 for info in infos(wheel))
    result = run(wheel)
    assert result.returncode == 0, result.stderr
    assert record_problems(wheel) == []
    assert wheel_unpack(wheel, tmp_path / "unpacked").returncode == 0
    assert {info.compress_type for info in infos(wheel)} == {compression}
    assert members(wheel)["pkg/data.bin"] == DATA


def test_help_shows_the_cibuildwheel_command():
    result = run_wheel("--help")
    assert result.returncode == 0
    assert 'repair-wheel-command = "python -m fstring_backport wheel -w {dest_dir} {wheel}"' in result.stdout
    assert "--target VERSION" in result.stdout and "--inline-constants" in result.stdout
    assert "--ignore CODES" in result.stdout and "--ignore FB407,FB411" in result.stdout


def test_usage_errors_exit_2():
    assert run_wheel().returncode == 2
    assert run_wheel("--target", "3.7", "x-1.0-py3-none-any.whl").returncode == 2


def test_a_requires_python_below_38_needs_a_target(run, tmp_path):
    wheel = make_wheel(tmp_path, {"m.py": FSTRINGS}, requires_python=">=3.7")
    result = run(wheel)
    assert result.returncode == 2
    assert result.stderr == (
        f"fstring-backport: {wheel}: its Requires-Python '>=3.7' allows Python 3.7, and fstring-backport "
        "targets Python 3.8 and later: give --target 3.8 to write for 3.8\n"
    )
    assert run("--target", "3.8", wheel).returncode == 0


# The command in a process of its own, then that process's peak resident
# memory in KiB (VmHWM: ru_maxrss would count the parent's, from the fork).
PEAK_AFTER_REWRITE = """\
import sys
from fstring_backport.cli.wheel import main
try:
    main(sys.argv[1:])
except SystemExit as exc:
    if exc.code:
        raise
with open("/proc/self/status") as status:
    print(next(line.split()[1] for line in status if line.startswith("VmHWM:")))
"""


@pytest.mark.slow
@pytest.mark.parametrize(
    "module, compression",
    [(FSTRINGS, zipfile.ZIP_DEFLATED), (FSTRINGS, zipfile.ZIP_STORED), (b"x = 1\n", zipfile.ZIP_DEFLATED)],
    ids=["rewritten", "rewritten-stored", "unchanged-copied"],
)
def test_large_data_is_streamed_not_held(tmp_path, child_env, module, compression):
    """128 MB more data in a wheel takes a few MB more to rewrite, or to
    copy unchanged: each member is read once, in chunks, and copied as it
    lies.  PyPy frees a large chunk only at a major collection, which it
    puts off the longer, the larger its nursery (sized by the CPU's cache):
    a 64 MB nursery, as a large cache gives, lets 100-300 MB of chunks pile
    up unless the rewriter collects them."""
    peaks = {}
    for size in (64 << 20, 192 << 20):
        folder = tmp_path / str(size)
        folder.mkdir()
        wheel = make_wheel(folder, {"pkg/__init__.py": module, "pkg/zeros.bin": bytes(size)}, compression=compression)
        result = subprocess.run(
            [sys.executable, "-c", PEAK_AFTER_REWRITE, "-q", "-w", str(folder / "out"), str(wheel)],
            capture_output=True, text=True, env=child_env(PYPY_GC_NURSERY="64MB"), check=True,
        )
        peaks[size] = int(result.stdout) << 10
        assert (members(folder / "out" / wheel.name)["pkg/__init__.py"] != module) == (module == FSTRINGS)
        assert record_problems(folder / "out" / wheel.name) == []
    assert peaks[192 << 20] - peaks[64 << 20] < 16 << 20, peaks


def test_names_beyond_ascii_are_kept(run, tmp_path):
    wheel = make_wheel(tmp_path, {"pkg/__init__.py": b"", "pkg/caf\u00e9.py": FSTRINGS, "pkg/donn\u00e9es.txt": DATA})
    before = {info.filename: info.flag_bits & 0x800 for info in infos(wheel)}
    assert run(wheel).returncode == 0
    assert {info.filename: info.flag_bits & 0x800 for info in infos(wheel)} == before
    assert members(wheel)["pkg/caf\u00e9.py"] == transpile(FSTRINGS, "3.8")
    assert record_problems(wheel) == []
    assert wheel_unpack(wheel, tmp_path / "unpacked").returncode == 0


def test_wheel_dir_holding_the_wheel_rewrites_it_in_place(run, tmp_path):
    wheel = make_wheel(tmp_path, {"m.py": FSTRINGS})
    assert run("-w", tmp_path, wheel).returncode == 0
    assert members(wheel)["m.py"] == transpile(FSTRINGS, "3.8")
    before = wheel.read_bytes()
    assert run("-w", ".", wheel.name).returncode == 0  # unchanged now: not copied onto itself
    assert wheel.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [wheel.name]


@pytest.mark.parametrize(
    "line",
    ["pkg/m.py,sha256=abc,12\n", "pkg/RECORD,,\r\n", "a b,c ,d", '"pkg/a,b.py",sha256=x,3\n', "a,b,c,d\n", "x,y\n",
     '"unclosed,a,b\n', "a\tb,,\n"],
)
def test_record_lines_read_as_the_csv_module_reads_them(line):
    import csv

    from fstring_backport.build.wheel import _record_fields

    try:
        expected = next(csv.reader([line]))
    except csv.Error:
        expected = []
    assert _record_fields(line) == expected
