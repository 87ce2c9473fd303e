"""CPython's own unittest suites (``test_fstring``, ``test_tstring``, ...),
run by an interpreter in a child process that reports what ran and what
failed: one runner for the tests that run them as python3.15 has them and
transpiled."""

import json
import subprocess
from pathlib import Path
from typing import Dict, Optional, Sequence, Set, Tuple

# The end of every runner: its beginning loads the suite into ``suite``;
# this runs it and prints, as JSON, every test method, the methods with a
# failing test or subtest, and the failures' tracebacks.
_REPORT = """
def methods(suite):
    for item in suite:
        if isinstance(item, unittest.TestSuite):
            yield from methods(item)
        else:
            yield item._testMethodName
ran = sorted(set(methods(suite)))  # before running: a run empties the suite
result = unittest.TestResult()
suite.run(result)
failed = {getattr(test, "test_case", test)._testMethodName for test, _ in result.failures + result.errors}
errors = [text for _, text in result.failures + result.errors]
print(json.dumps({"ran": ran, "failed": sorted(failed), "errors": errors}))
"""


def run_suite(
    python: str,
    loader: str,
    folder: Path,
    args: Sequence[str] = (),
    env: Optional[Dict[str, str]] = None,
) -> Tuple[Set[str], Set[str], str]:
    """``python`` runs ``loader`` (a script that imports ``json``, ``sys``
    and ``unittest`` and leaves the suite in ``suite``) with ``args``, from
    ``folder``; (the test methods, the failing ones, the failures'
    tracebacks and the process's standard error)."""
    result = subprocess.run(
        [python, "-c", loader + _REPORT, *args],
        cwd=str(folder),
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    return set(report["ran"]), set(report["failed"]), "\n".join(report["errors"]) + result.stderr
