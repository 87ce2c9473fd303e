"""The browser playground's start, against Pyodide's own, in one run.

    python3.14 benchmarks/bench_playground.py [--rounds 7] [--site DIR] [--json out.json]

with what ``tox -e playground`` installs (Playwright, and mkdocs with the
site's theme and plugins; the package's test extra is not needed), Debian's
Chromium (scripts/provide-chromium; ``FSTRING_BACKPORT_CHROMIUM`` names
another), Node and npm.

The documentation site is built as tests/playground builds it (``mkdocs
build --strict``, whose hook, scripts/mkdocs_playground.py, builds the
playground into SITE/playground) into a temporary folder; ``--site DIR``
takes a site built so instead.  ``python -m http.server`` serves it on
127.0.0.1, and Playwright drives headless Chromium with the tests' flags
(tests/support/playground.py, which the tests share).  Each load is in a new
browser context (nothing cached), and nothing intercepts its requests (a
request beyond loopback stops the run).  The pages:

* the playground (SITE/playground/index.html, README's example at 3.8):
  from navigation to its first output shown (the page's
  ``data-first-output-ms``);
* a bare page that only starts Pyodide in a worker, as the playground's
  worker does, and runs ``1 + 1``, with the site's files (its standard
  library carries bytecode, compiled at build time);
* the same with npm's standard library (playground/node_modules, sources
  only; ``npm ci`` in playground/, which the build runs, puts it there).

The bare page is written into SITE/playground/_bench for the run, and
removed after it.  The three take turns, round by round, the order
rotating; each time is the median over ``--rounds`` rounds, each ratio the
median of the rounds' ratios (their range in brackets).  On the playground
it also records the main thread's long tasks (a ``PerformanceObserver`` for
``longtask``: 50 ms and more) from navigation until the first run's results
are shown: Python starts in a worker, so that the page takes typing
meanwhile.  Reported: the longest in each round (0 when there was none),
their median and the longest of all.

Nothing here is part of the test suite, which asserts nothing on the clock.
"""

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))

from support.playground import build_site, chromium, serving  # noqa: E402

NPM_STDLIB = REPO / "playground" / "node_modules" / "pyodide" / "python_stdlib.zip"
BENCH = "_bench"  # SITE/playground/_bench, for the run

# A page that only starts Pyodide, in a worker as the playground does: the
# baseline for the playground's start.  ?stdlib= names another standard
# library archive (npm's, without bytecode).
BARE_PAGE = """<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>Pyodide alone</title>
<script type="module">
const stdlib = new URLSearchParams(location.search).get("stdlib");
const worker = new Worker(new URL("pyodide-alone.js", location.href), { type: "module" });
worker.postMessage(stdlib ? new URL(stdlib, location.href).href : null);
worker.onmessage = () => { document.body.dataset.readyMs = Math.round(performance.now()); };
</script>
"""
BARE_WORKER = """import { loadPyodide } from "../pyodide/pyodide.mjs";
self.onmessage = async (event) => {
  const options = { indexURL: new URL("../pyodide/", import.meta.url).href };
  if (event.data) options.stdLibURL = event.data;
  const pyodide = await loadPyodide(options);
  pyodide.runPython("1 + 1");
  self.postMessage("ready");
};
"""

# Set before the playground's own scripts: the main thread's long tasks.
WATCH_LONG_TASKS = """
window.longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.longTasks.push(Math.round(entry.duration));
}).observe({ type: "longtask", buffered: true });
"""
SETTLED = "document.body.dataset.rendered && document.body.dataset.rendered === document.body.dataset.requested"
READY = "document.body.dataset.readyMs"

# name: (address in SITE/playground/, the figure in ms the page writes)
PAGES = {
    "playground": ("index.html", "document.body.dataset.firstOutputMs"),
    "Pyodide alone, the site's files": (f"{BENCH}/pyodide-alone.html", READY),
    "Pyodide alone, npm's files": (f"{BENCH}/pyodide-alone.html?stdlib=python_stdlib.zip", READY),
}
PLAYGROUND, SITE_FILES, NPM_FILES = PAGES


def log(message):
    print("..", message, file=sys.stderr, flush=True)


def load(browser, origin, url, figure, watch):
    """Open ``url`` in a new context: the figure the page writes, in ms, and
    on the playground (``watch``) the longest of its main thread's tasks
    until its first results are shown (0 without a long task)."""
    outside, errors = [], []

    def seen(request):  # seen only: intercepting requests would slow them
        if not request.url.startswith((origin, "data:", "blob:")):
            outside.append(request.url)

    context = browser.new_context()
    try:
        context.on("request", seen)
        if watch:
            context.add_init_script(WATCH_LONG_TASKS)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(url)
        page.wait_for_function(figure, timeout=120_000)
        longest = None
        if watch:
            page.wait_for_function(SETTLED, timeout=120_000)
            status = page.get_by_test_id("status").text_content()
            if not status.startswith("Ready: Python"):
                sys.exit(f"bench_playground: the playground did not start: {status!r}")
            longest = max(page.evaluate("window.longTasks"), default=0)
        ms = int(page.evaluate(figure))
    finally:
        context.close()
    if outside or errors:
        sys.exit(f"bench_playground: {url}: requests beyond loopback {outside}, errors in the page {errors}")
    return ms, longest


def measure(browser, address, rounds):
    times = {name: [] for name in PAGES}
    long_tasks = []
    names = list(PAGES)
    for index in range(rounds):
        log(f"round {index + 1} of {rounds}")
        for name in names[index % len(names):] + names[: index % len(names)]:
            path, figure = PAGES[name]
            ms, longest = load(browser, address, address + "playground/" + path, figure, name == PLAYGROUND)
            times[name].append(ms)
            if longest is not None:
                long_tasks.append(longest)
    return times, long_tasks


def ratios(numerator, denominator):
    each = [a / b for a, b in zip(numerator, denominator)]
    return {"median": round(statistics.median(each), 2), "range": [round(min(each), 2), round(max(each), 2)]}


def commit():
    def git(*arguments):
        return subprocess.run(["git", *arguments], cwd=str(REPO), capture_output=True, text=True).stdout.strip()

    return git("rev-parse", "--short", "HEAD") + (" (with uncommitted changes)" if git("status", "--porcelain") else "")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--site", type=Path, help="a documentation site built with the playground in it")
    parser.add_argument("--json", help="also write the results here")
    args = parser.parse_args()
    if not NPM_STDLIB.is_file():
        sys.exit(f"bench_playground: {NPM_STDLIB} is missing: run npm ci in playground/ (the site's build does)")
    workdir = Path(tempfile.mkdtemp(prefix="fsbp-bench-playground-"))
    try:
        site = args.site
        if site is None:
            log("building the site with the playground (mkdocs build, 10 to 20 s)")
            site = workdir / "site"
            built = build_site(site)
            if built.returncode:
                sys.exit(f"bench_playground: mkdocs build failed:\n{built.stdout}{built.stderr}")
        manifest = site / "playground" / "playground.json"
        if not manifest.is_file():
            sys.exit(f"bench_playground: {site} holds no playground ({manifest} is missing)")
        bench = site / "playground" / BENCH
        bench.mkdir()
        try:
            (bench / "pyodide-alone.html").write_text(BARE_PAGE, "utf-8")
            (bench / "pyodide-alone.js").write_text(BARE_WORKER, "utf-8")
            shutil.copy2(str(NPM_STDLIB), str(bench))
            with serving(site) as address, chromium() as browser:
                result = {
                    "date": time.strftime("%Y-%m-%d"),
                    "commit": commit(),
                    "machine": f"{platform.machine()} ({os.cpu_count()} CPUs), load average "
                               + " ".join(f"{load:.1f}" for load in os.getloadavg()),
                    "chromium": browser.version,
                    "pyodide": json.loads(manifest.read_text("utf-8"))["pyodide"],
                    "python_in_pyodide": json.loads(manifest.read_text("utf-8"))["python"],
                    "rounds": args.rounds,
                }
                times, long_tasks = measure(browser, address, args.rounds)
        finally:
            shutil.rmtree(str(bench), ignore_errors=True)
    finally:
        shutil.rmtree(str(workdir), ignore_errors=True)
    result["load_average_after"] = " ".join(f"{load:.1f}" for load in os.getloadavg())
    result["ms"] = {name: {"median": statistics.median(values), "rounds": values} for name, values in times.items()}
    result["playground_vs"] = {
        "Pyodide alone, the site's files": ratios(times[PLAYGROUND], times[SITE_FILES]),
        "Pyodide alone, npm's files": ratios(times[PLAYGROUND], times[NPM_FILES]),
    }
    result["npm_files_vs_site_files"] = ratios(times[NPM_FILES], times[SITE_FILES])
    result["longest_task_ms"] = {"median": statistics.median(long_tasks), "longest": max(long_tasks),
                                 "rounds": long_tasks}
    print_table(result)
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n")


def print_table(r):
    def ratio(found):
        return "{}x ({}-{})".format(found["median"], *found["range"])

    rows = [
        ("date, commit", f"{r['date']}, {r['commit']}"),
        ("machine", f"{r['machine']} (after: {r['load_average_after']})"),
        ("Chromium, Pyodide", f"{r['chromium']}, Pyodide {r['pyodide']} (Python {r['python_in_pyodide']})"),
        ("rounds", r["rounds"]),
    ]
    for name, found in r["ms"].items():
        label = "playground, first output" if name == PLAYGROUND else name
        rows.append((label, "{:.0f} ms (rounds: {})".format(found["median"], ", ".join(map(str, found["rounds"])))))
    for name, found in r["playground_vs"].items():
        rows.append((f"playground / {name}", ratio(found)))
    rows.append(("npm's files / the site's, Pyodide alone", ratio(r["npm_files_vs_site_files"])))
    tasks = r["longest_task_ms"]
    rows.append(("playground's longest main-thread task",
                 "median {} ms, longest {} ms (rounds: {})".format(
                     tasks["median"], tasks["longest"], ", ".join(map(str, tasks["rounds"])))))
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}")


if __name__ == "__main__":
    main()
