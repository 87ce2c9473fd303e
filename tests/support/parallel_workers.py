"""Functions that test_parallel.py runs in worker processes.

A pool started with ``forkserver`` or ``spawn`` sends a function by name,
and each worker imports its module afresh: the functions live here, in a
small module any worker imports from the tests folder (conftest.py puts it
on ``sys.path``, which the workers inherit), and the parent's pid comes in
as an argument, not as a global that each worker would compute again.
"""

import os
import signal
import time


def square_and_pid(number):
    time.sleep(0.0005)  # long enough for every worker to take a share
    return number * number, os.getpid()


def fail_outside(parent, number):
    """``number``, or a ValueError in any process but ``parent``."""
    time.sleep(0.0005)
    if os.getpid() != parent:
        raise ValueError(f"no {number} here")
    return number


def die_outside(parent, number):
    time.sleep(0.0005)
    if os.getpid() != parent:
        os.kill(os.getpid(), signal.SIGKILL)
    return number


def big_result(number):
    time.sleep(0.0005)
    return str(number) * 100000, os.getpid()  # far more than a pipe holds
