"""map_in_order: real worker processes, forked or pooled, results in item order.

The pooled path runs under each ``multiprocessing`` start method this system
has (fork, forkserver, spawn): Python 3.14 made forkserver the default on
Linux, and under forkserver and spawn the workers import the function by
name, so the functions they run are in parallel_workers.py.
"""

import contextlib
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
import warnings
from functools import partial
from pathlib import Path

import pytest

from fstring_backport.cli import parallel
from fstring_backport.cli.parallel import WorkerFailed, map_in_order

from support.parallel_workers import big_result, die_outside, fail_outside, square_and_pid
from support.pythons import child_environment

PARENT = os.getpid()
HAS_FORK = hasattr(os, "fork")
METHODS = [m for m in ("fork", "forkserver", "spawn") if m in multiprocessing.get_all_start_methods()]
# The ways to run the workers: this process forks them, or a pool starts
# them with one of the start methods.
ways = ([pytest.param({"fork": True}, id="forked")] if HAS_FORK else []) + [
    pytest.param({"fork": False, "start_method": m}, id="pooled-" + m) for m in METHODS
]
needs_fork = pytest.mark.skipif(not HAS_FORK, reason="a forked worker")
# The same, but the pools that start fresh interpreters (a few tenths of a
# second each) are slow tests; the quick run still meets them where
# ``ways`` and ``METHODS`` are used whole.
FRESH = ("pooled-forkserver", "pooled-spawn")
ways_fresh_slow = [
    pytest.param(*way.values, id=way.id, marks=[pytest.mark.slow] if way.id in FRESH else [])
    for way in ways
]


@contextlib.contextmanager
def deadline(seconds):
    """Fail, rather than hang, if the block takes longer."""

    def give_up(signum, frame):
        raise TimeoutError(f"still waiting after {seconds} s")

    previous = signal.signal(signal.SIGALRM, give_up)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture
def forks(monkeypatch):
    """The pids of the processes this process forks during the test.

    A forkserver (and multiprocessing's resource tracker) stays a child of
    this process once a pool has started it, so "no child left" means none
    of these: each was waited for.
    """
    pids = []
    if HAS_FORK:
        real_fork = os.fork

        def fork():
            pid = real_fork()
            if pid:
                pids.append(pid)
            return pid

        monkeypatch.setattr(os, "fork", fork)
    return pids


def all_waited_for(pids):
    for pid in pids:
        try:
            os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            continue  # waited for already
        return False  # still running, or ended and not waited for
    return True


@pytest.fixture
def chosen_start_method():
    """Lets a test choose multiprocessing's start method for the whole process."""
    before = multiprocessing.get_start_method(allow_none=True)
    yield lambda method: multiprocessing.set_start_method(method, force=True)
    multiprocessing.set_start_method(before, force=True)


@pytest.mark.parametrize("way", ways_fresh_slow)
@pytest.mark.parametrize("workers", [2, 3])
def test_results_come_in_item_order_whatever_starts_first(way, workers, forks):
    items = list(range(500))
    first = sorted(items, key=lambda i: (i * 7919) % 500)  # a scrambled order
    with deadline(120):
        results = list(map_in_order(square_and_pid, items, workers, first, **way))
    assert [square for square, _ in results] == [i * i for i in items]
    pids = {pid for _, pid in results}
    if way["fork"]:
        assert len(pids) > 1  # the work was shared
        assert PARENT in pids  # this process works too
        assert len(forks) == workers - 1
    else:
        assert PARENT not in pids
    assert all_waited_for(forks)


@pytest.mark.parametrize("way", ways)
def test_an_exception_in_a_worker_reaches_the_caller_with_its_traceback(way, forks):
    with deadline(120), pytest.raises(Exception) as raised:
        list(map_in_order(partial(fail_outside, PARENT), list(range(200)), 2, **way))
    if way["fork"]:
        assert raised.type is WorkerFailed
        assert "ValueError: no " in str(raised.value)
    else:
        assert raised.type is ValueError
    assert all_waited_for(forks)


@needs_fork
def test_a_worker_that_dies_is_reported_not_waited_for(forks):
    with pytest.raises(WorkerFailed, match="ended before its work was done"):
        list(map_in_order(partial(die_outside, PARENT), list(range(200)), 3, fork=True))
    assert len(forks) == 2 and all_waited_for(forks)


@needs_fork
def test_stopping_early_stops_the_workers(forks):
    results = map_in_order(square_and_pid, list(range(5000)), 2, fork=True)
    assert next(results)[0] == 0
    results.close()
    assert len(forks) == 1 and all_waited_for(forks)


@needs_fork
def test_the_queue_fits_in_a_pipe_however_many_items(monkeypatch, forks):
    # Asked for one item per chunk, 20,000 chunk numbers would not fit in a
    # pipe, and the workers would wait on a full pipe of results.
    monkeypatch.setattr(parallel, "CHUNK_LIMIT", 1)
    items = list(range(20000))
    with deadline(60):
        assert list(map_in_order(abs, items, 2, fork=True)) == items
    assert all_waited_for(forks)


@needs_fork
def test_a_caller_that_only_reads_starts_one_worker_more(forks):
    items = list(range(60))
    with deadline(60):
        results = list(map_in_order(big_result, items, 2, fork=True, caller_works=False))
    assert [text for text, _ in results] == [str(i) * 100000 for i in items]
    pids = {pid for _, pid in results}
    assert PARENT not in pids and len(pids) == 2
    assert all_waited_for(forks)


# Which way map_in_order takes by itself.


def wait_for_one_thread(seconds=10):
    """A thread another test joined can still be on its way out of the
    system's count for a moment after join() returns."""
    end = time.monotonic() + seconds
    while parallel._threads() > 1 and time.monotonic() < end:
        time.sleep(0.01)
    assert parallel._threads() == 1


@needs_fork
def test_a_process_without_threads_forks_its_workers(forks):
    wait_for_one_thread()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        results = list(map_in_order(square_and_pid, list(range(200)), 2))
    assert [square for square, _ in results] == [i * i for i in range(200)]
    assert PARENT in {pid for _, pid in results}
    assert len(forks) == 1 and all_waited_for(forks)


@needs_fork
def test_a_process_with_threads_never_forks(forks):
    # Python 3.12 and later warn (DeprecationWarning) when a process with
    # threads forks: a child could inherit a lock a thread holds, and wait
    # on it for ever.  Neither this process nor its pool forks then.
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        assert parallel._threads() == 2
        with warnings.catch_warnings(), deadline(120):
            warnings.simplefilter("error")
            results = list(map_in_order(square_and_pid, list(range(200)), 2))
    finally:
        stop.set()
        thread.join()
    assert [square for square, _ in results] == [i * i for i in range(200)]
    assert PARENT not in {pid for _, pid in results}
    assert forks == []


@pytest.mark.parametrize("method", METHODS)
def test_a_start_method_the_program_chose_is_used(method, forks, chosen_start_method):
    wait_for_one_thread()  # else this process rightly refuses to fork
    chosen_start_method(method)
    with deadline(120):
        results = list(map_in_order(square_and_pid, list(range(200)), 2))
    assert [square for square, _ in results] == [i * i for i in range(200)]
    # "fork" is what this process does by itself; with another method, the
    # pool starts processes that are not forks of this one.
    assert (PARENT in {pid for _, pid in results}) == (method == "fork")
    assert (forks != []) == (method == "fork")
    assert all_waited_for(forks)


# The command line with -j 2, each way: this process forks (no start method
# chosen), or a pool under each start method.  Every way writes the same
# files and reports as -j 1.

SOURCES = {
    "nested.py": 'name = "x"\nprint(f"{"quoted"} {name!r:>{10}}")\n',
    "backslash.py": "print(f\"{'\\n'.join(['a', 'b'])}\")\n",
    "comment.py": 'total = f"{\n    1 + 2  # three\n}"\n',
    "plain.py": "print('nothing to do')\n",
    "broken.py": 'print(f"{")\n',
}
# The start method is chosen before the command line runs.  With "fork"
# this process forks its workers; with the others a pool starts them.  The
# other way is blocked, to prove which one did the work.
WITH_START_METHOD = """\
import multiprocessing, sys
from fstring_backport.cli import command, parallel
method = sys.argv.pop(1)
multiprocessing.set_start_method(method)
def blocked(*args):
    raise AssertionError("the wrong way for " + method)
if method == "fork":
    parallel._pooled = blocked
else:
    parallel._forked = blocked
command.main(prog_name="fstring-backport")
"""


def make_tree(root: Path) -> None:
    for package in range(3):
        folder = root / "src" / f"package{package}"
        folder.mkdir(parents=True)
        for name, text in SOURCES.items():
            (folder / name).write_text(text, encoding="utf-8")


def run_command_line(cwd: Path, method, *args):
    """Exit status, output and errors of the command line, warnings as errors."""
    if method is None:
        command = [sys.executable, "-W", "error", "-m", "fstring_backport"]
    else:
        command = [sys.executable, "-W", "error", "-c", WITH_START_METHOD, method]
    result = subprocess.run(
        command + list(args), cwd=str(cwd), env=child_environment(), capture_output=True, timeout=120,
    )
    return result.returncode, result.stdout.decode(), result.stderr.decode()


def written(root: Path):
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


OUT = ["-o", "out"]
DIFF = ["--diff"]


@pytest.fixture(scope="module")
def one_process(tmp_path_factory):
    """What -j 1 writes and reports for the tree, with -o and with --diff."""
    cwd = tmp_path_factory.mktemp("one")
    make_tree(cwd)
    expected = {}
    for args in (OUT, DIFF):
        expected[args[0]] = run_command_line(cwd, None, "-v", "-j", "1", "src", *args)
        assert expected[args[0]][0] == 1, expected[args[0]]  # broken.py is reported
    files = written(cwd / "out")
    assert files  # some are written, broken.py is not
    assert not any(name.endswith("broken.py") for name in files)
    return expected, files


@pytest.mark.parametrize(
    "method",
    ([pytest.param(None, id="forked")] if HAS_FORK else [])
    + [pytest.param(m, id=m, marks=[pytest.mark.slow] if m != "fork" else []) for m in METHODS],
)
@pytest.mark.parametrize("args", [OUT, DIFF], ids=["out", "diff"])
def test_the_command_line_with_j_2_gives_what_j_1_gives(method, args, tmp_path, one_process):
    make_tree(tmp_path)
    expected, files = one_process
    assert run_command_line(tmp_path, method, "-v", "-j", "2", "src", *args) == expected[args[0]]
    if args == OUT:
        assert written(tmp_path / "out") == files
