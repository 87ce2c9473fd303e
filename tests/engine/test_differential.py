"""Differential corpus: each case module, run by Python 3.15 as written and
by this interpreter after transpiling, prints the same, exits the same and,
when it raises, fails at the same lines.

Cases live in tests/engine/differential/cases/*.py (3.12+ syntax; tstring_*.py
hold 3.14 t-strings); what several share is in case_helpers.py there.  The
expected output comes from running python3.15 on the original, never from
us.
"""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from fstring_backport import transpile
from fstring_backport.engine.safety import host_reads_fstrings_as_315

from support.pythons import child_environment, interpreter, oracle

pytestmark = pytest.mark.slow  # runs every case under python3.15 and this Python

CASES = sorted((Path(__file__).parent / "differential" / "cases").glob("*.py"))
HELPERS = Path(__file__).parent / "differential" / "cases" / "case_helpers.py"
TARGET = (3, 8)  # the output must run on every Python from 3.8 on
_FRAME = re.compile(r'^  File "([^"]*)", line (\d+)', re.M)


def run(python, path, env=None):
    result = subprocess.run(
        [python, "-X", "utf8", str(path)],
        capture_output=True,
        cwd=str(path.parent),
        timeout=60,
        env=env,
    )
    stderr = result.stderr.decode("utf-8", "replace")
    frames = [int(line) for name, line in _FRAME.findall(stderr) if name.endswith(path.name)]
    # The exception's type; its wording may differ between versions.
    last = stderr.strip().splitlines()[-1].split(":")[0] if stderr.strip() else ""
    return result.returncode, result.stdout, frames, last


def output_runner():
    """The Python that runs the output: this one, unless it is an early 3.12
    or 3.13 release (pyenv's 3.12.1, 3.13.0) whose f-string bugs, fixed in
    later releases, would change what an unchanged f-string prints; then 3.11,
    which the output targets too."""
    if sys.version_info >= (3, 12) and not host_reads_fstrings_as_315():
        return interpreter("3.11")
    return sys.executable


_EXPECTED = {}


def expected_of(case):
    """What python3.15 does running the original (once for both modes)."""
    if case not in _EXPECTED:
        _EXPECTED[case] = run(oracle(), case)
    return _EXPECTED[case]


@pytest.mark.parametrize("inline", [False, True], ids=["names", "inline"])
@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_case_behaves_as_on_python_315(case, inline, tmp_path):
    if case.stem == "tstring_pattern_matching" and sys.version_info < (3, 10):
        pytest.skip("a match statement, which Python 3.8 and 3.9 cannot compile")
    source = case.read_bytes()
    expected = expected_of(case)
    lowered = transpile(source, TARGET, filename=str(case), inline_constants=inline)
    if inline:
        # No temporaries; t-strings import their runtime's build() as
        # _fstring_backport_t (one name, inline constants or not, by design).
        assert b"_fstring_backport" not in re.sub(rb"\b_fstring_backport_t\b", b"", lowered)
    assert lowered.count(b"\n") == source.count(b"\n")
    target_file = tmp_path / case.name
    target_file.write_bytes(lowered)
    # What cases import from beside them, beside the output too.
    (tmp_path / HELPERS.name).write_bytes(transpile(HELPERS.read_bytes(), TARGET, filename=str(HELPERS)))
    runner = output_runner()
    # python3.11 standing in for an early 3.12 imports the t-string runtime
    # from here (the case's, or case_helpers').
    env = child_environment() if runner != sys.executable else None
    actual = run(runner, target_file, env)
    if sys.version_info < (3, 9) and b"py38-lineno-bug" in source:
        # 3.8 numbers lines in multi-line f-strings and their implicit
        # concatenations its own way, for code written for 3.8 too.
        actual, expected = actual[:2] + (None,) + actual[3:], expected[:2] + (None,) + expected[3:]
    assert actual[:3] == expected[:3]
    if expected[0] != 0:
        assert actual[3] == expected[3]
    # Idempotent: a second pass changes nothing.
    assert transpile(lowered, TARGET, inline_constants=inline) == lowered


def test_corpus_is_large_enough():
    assert len(CASES) >= 150
