import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).parent))

from support import pythons
from support.pythons import child_environment

# The differential property tests draw a batch of programs per example
# (one oracle process each): slow and large by design.
_BATCHES = [HealthCheck.too_slow, HealthCheck.data_too_large]
settings.register_profile("default", deadline=None, suppress_health_check=_BATCHES)
# A longer run for a nightly job: HYPOTHESIS_PROFILE=nightly tox
settings.register_profile("nightly", deadline=None, max_examples=20000, suppress_health_check=_BATCHES)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_terminal_summary(terminalreporter):
    """One line at the end of a run that skipped what needs other Pythons."""
    if pythons.MISSING:
        terminalreporter.write_line(
            f"Skipped what needs {', '.join(sorted(pythons.MISSING))} (not on PATH): {pythons.HOW_TO_GET_THEM}."
        )


@pytest.fixture
def child_env():
    """How a test gives a child process the package under test:
    ``child_env(*paths, write_bytecode=False, **changes)`` (see
    :func:`support.pythons.child_environment`)."""
    return child_environment


# Sample projects hold 3.12 syntax and tests of their own, run by the tests
# that use them, never collected here.  The playground's tests need a
# browser: only tox's playground environment runs them (pytest
# tests/playground; a folder named on the command line is collected).
collect_ignore = ["projects", "playground"]
