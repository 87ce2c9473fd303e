"""map_in_order: real worker processes, forked or pooled, results in item order."""

import contextlib
import os
import signal
import time

import pytest

from fstring_backport import parallel
from fstring_backport.parallel import WorkerFailed, map_in_order

PARENT = os.getpid()
ways = [pytest.param(True, id="forked"), pytest.param(False, id="pooled")]
if not hasattr(os, "fork"):
    ways = ways[1:]


def square_and_pid(number):
    time.sleep(0.0005)  # long enough for every worker to take a share
    return number * number, os.getpid()


def fail_in_a_worker(number):
    time.sleep(0.0005)
    if os.getpid() != PARENT:
        raise ValueError("no {} here".format(number))
    return number


def die_in_a_worker(number):
    time.sleep(0.0005)
    if os.getpid() != PARENT:
        os.kill(os.getpid(), signal.SIGKILL)
    return number


@contextlib.contextmanager
def deadline(seconds):
    """Fail, rather than hang, if the block takes longer."""

    def give_up(signum, frame):
        raise TimeoutError("still waiting after {} s".format(seconds))

    previous = signal.signal(signal.SIGALRM, give_up)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def no_child_left():
    try:
        os.waitpid(-1, os.WNOHANG)
    except ChildProcessError:
        return True
    return False


@pytest.mark.parametrize("fork", ways)
@pytest.mark.parametrize("workers", [2, 3])
def test_results_come_in_item_order_whatever_starts_first(fork, workers):
    items = list(range(500))
    first = sorted(items, key=lambda i: (i * 7919) % 500)  # a scrambled order
    results = list(map_in_order(square_and_pid, items, workers, first, fork=fork))
    assert [square for square, _ in results] == [i * i for i in items]
    pids = {pid for _, pid in results}
    assert len(pids) > 1  # the work was shared
    if fork:
        assert PARENT in pids  # this process works too
        assert no_child_left()


@pytest.mark.parametrize("fork", ways)
def test_an_exception_in_a_worker_reaches_the_caller_with_its_traceback(fork):
    with pytest.raises(Exception) as raised:
        list(map_in_order(fail_in_a_worker, list(range(200)), 2, fork=fork))
    if fork:
        assert raised.type is WorkerFailed
        assert "ValueError: no " in str(raised.value)
        assert no_child_left()
    else:
        assert raised.type is ValueError


@pytest.mark.skipif(not hasattr(os, "fork"), reason="a forked worker")
def test_a_worker_that_dies_is_reported_not_waited_for():
    with pytest.raises(WorkerFailed, match="ended before its work was done"):
        list(map_in_order(die_in_a_worker, list(range(200)), 3, fork=True))
    assert no_child_left()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="a forked worker")
def test_stopping_early_stops_the_workers():
    results = map_in_order(square_and_pid, list(range(5000)), 2, fork=True)
    assert next(results)[0] == 0
    results.close()
    assert no_child_left()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="a forked worker")
def test_the_queue_fits_in_a_pipe_however_many_items(monkeypatch):
    # Asked for one item per chunk, 20,000 chunk numbers would not fit in a
    # pipe, and the workers would wait on a full pipe of results.
    monkeypatch.setattr(parallel, "CHUNK_LIMIT", 1)
    items = list(range(20000))
    with deadline(60):
        assert list(map_in_order(abs, items, 2, fork=True)) == items
    assert no_child_left()


def big_result(number):
    time.sleep(0.0005)
    return str(number) * 100000, os.getpid()  # far more than a pipe holds


@pytest.mark.skipif(not hasattr(os, "fork"), reason="a forked worker")
def test_a_caller_that_only_reads_starts_one_worker_more():
    items = list(range(60))
    with deadline(60):
        results = list(map_in_order(big_result, items, 2, fork=True, caller_works=False))
    assert [text for text, _ in results] == [str(i) * 100000 for i in items]
    pids = {pid for _, pid in results}
    assert PARENT not in pids and len(pids) == 2
    assert no_child_left()
