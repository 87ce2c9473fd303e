"""Call a function on many items in several processes; results in item order.

Where the system can fork (Linux, macOS, the BSDs), this process forks the
others and works beside them.  A pipe holds the numbers of the chunks still
to do, and each process takes the next one when it is free.  That costs a
fork (a few ms) where ``concurrent.futures`` takes 30 ms to import and
start, and no process is kept busy handing out work.  On the 3.13 standard
library (2 CPUs, old and new code alternating) ``-j 2`` went from 1.39-1.46x
to 1.59-1.63x ``-j 1`` on Python 3.11, and from 1.48-1.53x to 1.58-1.63x on
3.8.  Elsewhere (Windows) ``concurrent.futures`` does the same job.

``concurrent.futures`` also takes over where this process must not fork:
when the program has chosen another ``multiprocessing`` start method than
``fork`` (the pool then uses it), and when this process runs other threads
(a child forked from it could inherit a lock one of them holds, and wait
for ever; Python 3.12 and later warn about it).  The pool then starts its
processes with ``forkserver`` (``spawn`` where there is none), never by
forking this process, and they import ``function`` by name.
"""

import os
import pickle
import select
import signal
import struct
import sys
import traceback
from typing import Callable, Dict, Generator, Iterable, Iterator, List, Optional, Sequence, Tuple, TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")

CHUNK_LIMIT = 64  # items per chunk at most; more chunks than workers balance the load
# Chunk numbers all go into the pipe before any result is read, so they
# must fit: 4,096 numbers are 16 KB, the smallest pipe (macOS) holds that.
MAX_CHUNKS = 4096
_CHUNK_NUMBER = struct.Struct("<I")
# Chunk numbers are written to the pipe 128 at a time: 512 bytes, the
# smallest PIPE_BUF POSIX allows, so each write lands whole and a 4-byte
# read always takes one number.
_NUMBERS_PER_WRITE = 128
_LENGTH = struct.Struct("<Q")  # before each message a worker sends back


class WorkerFailed(RuntimeError):
    """A worker process raised, or ended before its work was done."""


def map_in_order(
    function: Callable[[Item], Result],
    items: Sequence[Item],
    workers: int,
    first: Optional[Iterable[int]] = None,
    fork: Optional[bool] = None,
    caller_works: bool = True,
    start_method: Optional[str] = None,
) -> Iterator[Result]:
    """``function(item)`` for every item, yielded in the order of ``items``.

    ``first`` is the order in which to start the items (all their indexes),
    say the largest first so that no big one is left for last; each result
    is still yielded as soon as the ones before it are in.

    ``fork=True`` makes this process fork the workers; ``fork=False`` or a
    ``start_method`` (``"fork"``, ``"forkserver"`` or ``"spawn"``, as in
    ``multiprocessing``) has a ``concurrent.futures`` pool start them, with
    that method or ``multiprocessing``'s default one.  By default this
    process forks where that is safe (see above), and a pool does the work
    elsewhere.  In a pool, ``function`` and the items must pickle, and
    under ``forkserver`` and ``spawn`` the workers import ``function``'s
    module afresh: it must be importable by its name, and what it computes
    when imported (say the parent's pid) is computed again in each worker.

    This process works beside the ``workers - 1`` others and reads their
    results between its own chunks.  Where a chunk's results may be more
    than a pipe holds (64 KB on Linux), a worker sending them would wait
    until this process ends its own chunk: ``caller_works=False`` starts
    ``workers`` others and only reads.
    """
    order = list(range(len(items))) if first is None else list(first)
    size = max(1, min(CHUNK_LIMIT, len(items) // (workers * 8)), -(-len(items) // MAX_CHUNKS))
    chunks = [order[i : i + size] for i in range(0, len(order), size)]
    if fork is None and start_method is None:
        fork, start_method = _the_safe_way()
    if fork:
        results = _forked(function, items, chunks, workers, caller_works)
    else:
        results = _pooled(function, items, chunks, workers, start_method)
    waiting: Dict[int, Result] = {}
    following = 0
    try:
        for index, result in results:
            waiting[index] = result
            while following in waiting:
                yield waiting.pop(following)
                following += 1
    finally:
        # Left early: stop the workers now.  CPython would when the last
        # reference to ``results`` goes; PyPy only when its GC runs.
        results.close()
    if following != len(items):
        raise WorkerFailed("a worker process ended before its work was done")


def _the_safe_way() -> Tuple[bool, Optional[str]]:
    """Whether this process may fork its workers, else the pool's start method."""
    if not hasattr(os, "fork"):
        return False, None  # the default, spawn (Windows)
    # Not imported: nothing chosen.  Once used, multiprocessing's default
    # counts as chosen: "fork" may be that default (Linux before 3.14).
    imported = sys.modules.get("multiprocessing")
    chosen = imported.get_start_method(allow_none=True) if imported else None
    if chosen not in (None, "fork"):
        return False, chosen
    if _threads() == 1:
        return True, None
    # Neither this process nor a pool may fork a process that has threads.
    import multiprocessing

    return False, "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"


def _threads() -> int:
    """The threads this process runs, counted as Python 3.12's ``os.fork`` does."""
    try:
        with open("/proc/self/stat", "rb") as stat:
            # The fields after the command name, which is in parentheses;
            # the 20th field, num_threads, is the 18th of those.
            return int(stat.read().rsplit(b")", 1)[1].split()[17])
    except (OSError, IndexError, ValueError):  # no /proc (macOS, the BSDs)
        import threading

        return threading.active_count()


def _forked(
    function: Callable[[Item], Result],
    items: Sequence[Item],
    chunks: List[List[int]],
    workers: int,
    caller_works: bool,
) -> Generator[Tuple[int, Result], None, None]:
    queue_read, queue_write = os.pipe()
    pids: List[int] = []
    children: Dict[int, int] = {}  # the read end of a worker's results -> its pid, until it ends
    try:
        for _ in range(workers - 1 if caller_works else workers):
            results_read, results_write = os.pipe()
            pid = os.fork()
            if pid == 0:
                for fd in [queue_write, results_read, *children]:
                    os.close(fd)
                _work_and_exit(function, items, chunks, queue_read, results_write)
            os.close(results_write)
            pids.append(pid)
            children[results_read] = pid
        numbers = [_CHUNK_NUMBER.pack(n) for n in range(len(chunks))]
        for start in range(0, len(numbers), _NUMBERS_PER_WRITE):
            _write_all(queue_write, b"".join(numbers[start : start + _NUMBERS_PER_WRITE]))
        os.close(queue_write)
        queue_write = -1
        buffers = {fd: bytearray() for fd in children}
        for chunk in _chunks_taken(queue_read, chunks) if caller_works else ():
            for index in chunk:
                yield index, function(items[index])
            yield from _received(children, buffers, wait=False)
        yield from _received(children, buffers, wait=True)
    finally:
        for fd in [queue_read, queue_write, *children]:
            if fd >= 0:
                os.close(fd)
        for pid in children.values():  # left early: stop the others
            os.kill(pid, signal.SIGKILL)
        for pid in pids:
            os.waitpid(pid, 0)


def _chunks_taken(queue_read: int, chunks: List[List[int]]) -> Iterator[List[int]]:
    """The chunks this process takes from the queue, one at a time."""
    while True:
        number = os.read(queue_read, _CHUNK_NUMBER.size)
        if not number:
            return
        yield chunks[_CHUNK_NUMBER.unpack(number)[0]]


def _work_and_exit(
    function: Callable[[Item], Result],
    items: Sequence[Item],
    chunks: List[List[int]],
    queue_read: int,
    results_write: int,
) -> None:
    """A worker's whole life: each chunk's results go back as one message."""
    status = 0
    try:
        for chunk in _chunks_taken(queue_read, chunks):
            _send(results_write, (True, [(index, function(items[index])) for index in chunk]))
    except BaseException:
        status = 1
        try:
            _send(results_write, (False, traceback.format_exc()))
        except BaseException:
            pass
    finally:
        os._exit(status)  # not the parent's exit handlers, nor its buffers


def _send(fd: int, message: object) -> None:
    data = pickle.dumps(message, pickle.HIGHEST_PROTOCOL)
    _write_all(fd, _LENGTH.pack(len(data)) + data)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _received(children: Dict[int, int], buffers: Dict[int, bytearray], wait: bool) -> Iterator[Tuple[int, Result]]:
    """The results the workers have sent; with ``wait``, all until they end."""
    while children:
        ready, _, _ = select.select(list(children), [], [], None if wait else 0)
        if not ready:
            return
        for fd in ready:
            data = os.read(fd, 1 << 16)
            if not data:  # that worker is done (or dead: its results will be missing)
                os.close(fd)
                del children[fd]
                continue
            buffer = buffers[fd]
            buffer += data
            while len(buffer) >= _LENGTH.size:
                (length,) = _LENGTH.unpack_from(buffer)
                end = _LENGTH.size + length
                if len(buffer) < end:
                    break
                ok, payload = pickle.loads(buffer[_LENGTH.size : end])
                del buffer[:end]
                if not ok:
                    raise WorkerFailed("a worker process failed:\n" + payload)
                yield from payload


def _pooled(
    function: Callable[[Item], Result],
    items: Sequence[Item],
    chunks: List[List[int]],
    workers: int,
    start_method: Optional[str],
) -> Generator[Tuple[int, Result], None, None]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context(start_method)  # None: the default one
    batches = [[items[index] for index in chunk] for chunk in chunks]
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as executor:
        for chunk, results in zip(chunks, executor.map(_call_each, [function] * len(batches), batches)):
            yield from zip(chunk, results)


def _call_each(function: Callable[[Item], Result], batch: List[Item]) -> List[Result]:
    return [function(item) for item in batch]
