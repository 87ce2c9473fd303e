"""The command's memory follows the largest file, not the size of the tree.

Each run is a real subprocess; its peak resident memory is read by a small
parent process from ``RUSAGE_CHILDREN`` (which covers the command and the
workers it forks).  A file that needs its f-strings rewritten costs the
command tens of megabytes while it is being read (tokens, then the syntax
tree of the result); were anything of it kept, ten such files would cost ten
times that.
"""

import subprocess
import sys

import pytest

from support.cli import command
from support.pythons import child_environment

resource = pytest.importorskip("resource")  # POSIX: the peak memory of child processes
# PyPy's collector lets the heap grow before it collects, so its peak
# measures the collector's pace rather than what the command keeps.
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        sys.implementation.name != "cpython", reason="reference counting frees each file's tokens at once"
    ),
]

COPIES = 10

# ``python -c`` in between, so that RUSAGE_CHILDREN holds this one command only.
PEAK_OF = """
import resource, subprocess, sys
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
if done.returncode != 0:
    sys.exit(done.stderr.decode(errors="replace"))
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def module_text(lines=800):
    """About 60 KB of ordinary code, and one f-string that must be rewritten
    (so that the whole file is lexed and its result parsed)."""
    body = "".join(
        f"value_{i} = compute(items[{i}], key='k{i}') + f'{{total:>{{width}}}}'  # line {i}\n"
        for i in range(lines)
    )
    return 'd = {"k": 1}\n' + body + 'last = f"{d["k"]}"\n'


def peak_kib(arguments):
    """Peak resident memory of one run of the command, in KiB (Linux) or bytes (macOS)."""
    done = subprocess.run(
        [sys.executable, "-c", PEAK_OF] + command() + list(arguments),
        stdout=subprocess.PIPE,
        text=True,
        env=child_environment(),
        check=True,
    )
    return int(done.stdout)


def make_tree(folder, copies):
    folder.mkdir()
    for n in range(copies):
        (folder / f"module_{n}.py").write_text(module_text())
    return folder


@pytest.mark.parametrize(
    "mode",
    [["-i", "-j", "1"], ["-i", "-j", "2"], ["--diff", "-j", "2"], ["-o", "OUT", "-j", "1"]],
    ids=["in-place", "in-place-2-jobs", "diff-2-jobs", "out-dir"],
)
def test_peak_memory_does_not_grow_with_the_tree(tmp_path, mode):
    def peak(name, copies):
        tree = make_tree(tmp_path / name, copies)
        arguments = [str(tmp_path / (name + "-out")) if a == "OUT" else a for a in mode]
        return peak_kib(["--target", "3.8"] + arguments + [str(tree)])

    empty = peak("empty", 0)
    one = peak("one", 1)
    many = peak("many", COPIES)
    per_file = one - empty  # what reading one such file costs
    assert per_file > 5 * len(module_text()) // 1024, (empty, one)  # the file is costly to read...
    assert many - one < per_file / 2, (empty, one, many)  # ...yet nine more cost little
