"""The browser playground's documentation site, served on loopback, and the
browser that opens it: what tests/playground and
benchmarks/bench_playground.py share.  It imports neither pytest nor the
package under test, only Playwright (the benchmark imports it too); what
cannot be had raises RuntimeError.
"""

import contextlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Iterator

# A missing Playwright is an import error: what imports this fails, never skips.
from playwright.sync_api import Browser, sync_playwright

REPO = Path(__file__).resolve().parents[2]

# As root on these machines; the background-networking flags keep Chromium
# from trying the closed network at every start.
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def build_site(out: Path, playground: str = "1") -> "subprocess.CompletedProcess[str]":
    """``mkdocs build --strict`` into ``out``, the playground built in
    (``FSTRING_BACKPORT_SITE_PLAYGROUND``, 1: mkdocs.yml's hook runs
    scripts/build-playground into ``out/playground``) or left out (0): the
    finished process."""
    environment = dict(os.environ, FSTRING_BACKPORT_SITE_PLAYGROUND=playground, NO_MKDOCS_2_WARNING="1")
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=str(REPO), env=environment, capture_output=True, text=True,
    )


@contextlib.contextmanager
def serving(folder: Path) -> Iterator[str]:
    """``python -m http.server`` on loopback, serving ``folder``: its address."""
    process = subprocess.Popen(
        [sys.executable, "-u", "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(folder), "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert process.stdout is not None
    started = process.stdout.readline()  # Serving HTTP on 127.0.0.1 port N ...
    port = re.search(r" port (\d+)", started)
    if not port:
        process.kill()
        process.wait()
        raise RuntimeError(f"python -m http.server did not start: {started!r}")
    try:
        yield f"http://127.0.0.1:{port.group(1)}/"
    finally:
        process.terminate()
        process.wait(timeout=10)


def chromium_executable() -> str:
    """Debian's Chromium, or the one ``FSTRING_BACKPORT_CHROMIUM`` names."""
    executable = os.environ.get("FSTRING_BACKPORT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not os.path.exists(executable):
        raise RuntimeError(
            f"Chromium is not installed ({executable}): run scripts/provide-chromium (tox -e playground does)"
        )
    return executable


@contextlib.contextmanager
def chromium() -> Iterator[Browser]:
    """Headless Chromium (:func:`chromium_executable`), launched by
    Playwright with :data:`CHROMIUM_ARGS`."""
    executable = chromium_executable()
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()
