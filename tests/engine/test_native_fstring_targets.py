"""Targets 3.12 and 3.13: f-strings are native there, only t-strings are
rewritten, and the f-strings around a t-string keep their meaning.

The output for each target runs on CPython 3.13 (the current 3.13 bugfix
release; pyenv's 3.12.1 has f-string bugs of its own) and must print what
python3.15 prints running the original.
"""

import subprocess

import pytest

from fstring_backport import transpile

from support.pythons import interpreter, oracle

# Each prints what it computes; a debug field shows its text as written.
SOURCES = {
    "debug field holding a t-string": 'x = 1\nprint(f"{t\'{x}\'=}")\n',
    "debug field with a spec": 'x = 1\nprint(f"{t\'{x!r}\' = :>60}|")\n',
    "debug field in a nested f-string": 'x = 2\nprint(f"{f"{t"{x}"=}"!r}")\n',
    "debug field of a spec": 'x = 3\nprint(f"{x:{len(t"{x}".strings)=}}")\n',
    "t-string beside a debug field": 'x = 4\nprint(f"{x=} {t"{x}".values}")\n',
}


@pytest.mark.parametrize("target", [(3, 12), (3, 13)])
@pytest.mark.parametrize("name", sorted(SOURCES))
def test_fstrings_around_a_tstring_mean_what_they_meant(name, target, tmp_path, child_env):
    source = '"""A module."""\n' + SOURCES[name]
    original = tmp_path / "original.py"
    original.write_text(source)
    lowered = tmp_path / "lowered.py"
    lowered.write_text(transpile(source, target))
    expected = subprocess.run([oracle(), str(original)], capture_output=True, text=True)
    got = subprocess.run([interpreter("3.13"), str(lowered)], capture_output=True, text=True, env=child_env())
    assert (got.returncode, got.stdout) == (expected.returncode, expected.stdout), lowered.read_text()
