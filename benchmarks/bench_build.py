"""What the wrapper backend and the wheel rewriter cost, against the backend alone.

    python3.11 benchmarks/bench_build.py [--rounds 10] [--json out.json]

In one run, on the running Python:

* the wrapper: a generated package of 200 modules, whose f-strings all run
  on 3.8 as they are (nothing to rewrite), built into a wheel by each
  backend (uv_build, flit-core, hatchling) alone, and by
  ``fstring_backport.build`` wrapping it.  Twice: the ``build_wheel`` hook
  alone, a process of its own in the project's folder as a frontend runs
  it (start-up and imports included); and the whole ``python -m build
  --wheel`` without isolation (the frontend's start-up too, nothing
  installed); and ``uv build --wheel``, in an isolated environment from
  uv's cache, as users build (uv builds a uv_build project itself, without
  Python, unless it is wrapped).  The two take turns, round by round, and
  the figure is the median of the rounds' ratios;
* the rewriter: a wheel of about 50 MB, mostly data (incompressible) and
  200 modules of which 50 need rewriting, as hatchling builds it.  Times:
  ``python -m fstring_backport wheel -w DIR`` (and the same on a wheel with
  nothing to rewrite, which is only checked) against hatchling building
  that wheel, and against a process that copies the file.  Memory: each
  process's peak resident set (and that of a process that only imports
  what the rewrite imports), and the bytes it read (``rchar`` of
  /proc/self/io, page cache included) against the wheel's size.

The backends and this checkout (installed as a wheel) live in a virtual
environment under ``--cache``.  Nothing here is part of the test suite.
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
BACKENDS = {
    "uv_build": ("uv_build>=0.9,<0.14", "uv_build"),
    "flit-core": ("flit_core>=3.4,<4", "flit_core.buildapi"),
    "hatchling": ("hatchling", "hatchling.build"),
}
# A module whose f-strings 3.8 reads as they are.
PLAIN_MODULE = '''"""Module {index}: nothing here for fstring-backport to rewrite."""

import math

RATE = {index}


def describe(name, amount):
    return f"{{name!r:>12}}: {{amount:8.2f}} ({{amount / RATE:.1%}})"


def table(rows):
    lines = [f"{{'name':<12}} {{'amount':>8}}"]
    for name, amount in rows:
        lines.append(describe(name, amount))
    return "\\n".join(lines)


class Account:
    def __init__(self, owner, balance=0.0):
        self.owner = owner
        self.balance = balance

    def __repr__(self):
        return f"Account({{self.owner!r}}, {{self.balance!r}})"

    def deposit(self, amount):
        if amount <= 0:
            raise ValueError(f"amount must be positive, not {{amount}}")
        self.balance += amount
        return math.fsum([self.balance])
'''
# A module with 3.12 f-strings and a t-string to rewrite.
NEW_MODULE = '''"""Module {index}: 3.12 f-strings and a t-string."""

SONG = {{"title": "Blue", "tags": ["calm", "slow"]}}


def values(width={index}):
    return [f"{{SONG["title"]:>{{width}}}}", f"{{"\\n".join(SONG["tags"])}}", t"{{width}}"]
'''


def log(message):
    print(message, file=sys.stderr, flush=True)


def venv_python(cache):
    """The environment with the backends and this checkout."""
    venv = Path(cache) / "build-{}.{}".format(*sys.version_info[:2])
    python = venv / "bin" / "python"
    pip = [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    if not python.exists():
        log(f"creating {venv}")
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run(pip + [r for r, _ in BACKENDS.values()] + ["build", "uv", str(REPO)], check=True)
    # The checkout as it is now, as a wheel (no editable path hooks).
    subprocess.run(pip + ["--force-reinstall", "--no-deps", str(REPO)], check=True)
    return python


def pyproject(name, backend, wrapped):
    _, reference = BACKENDS[backend]
    text = '[build-system]\nrequires = []\nbuild-backend = "{}"\n\n'.format(
        "fstring_backport.build" if wrapped else reference
    )
    text += f'[project]\nname = "{name}"\nversion = "1.0"\ndescription = "A benchmark."\nrequires-python = ">=3.8"\n'
    if wrapped:
        text += f'\n[tool.fstring-backport]\nbuild-backend = "{reference}"\n'
    return text


def make_package(root, name, modules, new_modules=0, data_mb=0):
    package = root / "src" / name
    for index in range(modules):
        folder = package / f"sub{index // 20}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "__init__.py").touch()
        template = NEW_MODULE if index < new_modules else PLAIN_MODULE
        (folder / f"mod{index}.py").write_text(template.format(index=index + 1))
    (package / "__init__.py").write_text('"""A generated package."""\n')
    if data_mb:
        data = package / "data"
        data.mkdir()
        for index in range(data_mb):
            (data / f"blob{index}.bin").write_bytes(os.urandom(1 << 20))
    return root


def hook_command(python, reference, out):
    script = f"import {reference.split(':')[0]} as backend, sys; backend.build_wheel(sys.argv[1])"
    return [str(python), "-c", script, str(out)]


def timed(command, cwd=None):
    """Wall seconds of ``command``, and what it printed."""
    # The environment's scripts first on PATH, as a frontend has them
    # (uv_build runs its uv-build).
    env = dict(os.environ, PATH=os.pathsep.join([str(Path(command[0]).parent), os.environ.get("PATH", "")]))
    started = time.perf_counter()
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    if result.returncode:
        raise SystemExit(f"{' '.join(map(str, command))} failed:\n{result.stderr}")
    return seconds, result.stdout


def frontend_command(python, project, out):
    """``python -m build --wheel`` without isolation: the frontend's own
    start-up and its hook process, nothing installed."""
    return [str(python), "-m", "build", "--wheel", "--no-isolation", "--skip-dependency-check", "-o", str(out),
            str(project)]


def uv_command(python, project, out, warm):
    """``uv build --wheel``: an isolated build environment from uv's cache
    (for uv_build alone, uv's own build, with no Python at all)."""
    command = [str(Path(python).parent / "uv"), "build", "-q", "--wheel", "-o", str(out), str(project)]
    return command + (["--refresh-package", "fstring-backport"] if warm else [])


def measure_wrapper(python, work, rounds):
    """Per backend: its build_wheel hook alone and wrapped, each a process
    (``hook``), ``python -m build --wheel`` without isolation
    (``frontend``), and ``uv build --wheel`` (``uv build``, isolated)."""
    ours = work / "ours"
    timed([str(Path(python).parent / "uv"), "build", "-q", "--wheel", "-o", str(ours), str(REPO)])
    os.environ["UV_FIND_LINKS"] = str(ours)
    results = {}
    for backend, (requirement, reference) in BACKENDS.items():
        name = "bench_" + backend.replace("-", "_")
        projects = {}
        for wrapped in (False, True):
            root = work / f"{backend}-{'wrapped' if wrapped else 'alone'}"
            make_package(root, name, 200)
            text = pyproject(name, backend, wrapped)
            requires = ["fstring-backport", requirement] if wrapped else [requirement]
            text = text.replace("requires = []", f"requires = {json.dumps(requires)}")
            (root / "pyproject.toml").write_text(text)
            projects[wrapped] = root
        results[backend] = {}
        for level in ("hook", "frontend", "uv build"):
            ratios, times = [], {False: [], True: []}
            for index in range(rounds + 1):  # the first round warms the caches
                pair = []
                for wrapped in (False, True):
                    out = work / f"out-{backend}-{level}-{wrapped}-{index}"
                    out.mkdir()
                    if level == "hook":
                        called = "fstring_backport.build" if wrapped else reference
                        command = hook_command(python, called, out)
                    elif level == "frontend":
                        command = frontend_command(python, projects[wrapped], out)
                    else:
                        command = uv_command(python, projects[wrapped], out, warm=not index)
                    pair.append(timed(command, cwd=projects[wrapped])[0])
                    shutil.rmtree(str(out))
                if index:
                    times[False].append(pair[0])
                    times[True].append(pair[1])
                    ratios.append(pair[1] / pair[0])
            figures = {
                "alone_s": statistics.median(times[False]),
                "wrapped_s": statistics.median(times[True]),
                "ratio": statistics.median(ratios),
                "ratio_min": min(ratios),
                "ratio_max": max(ratios),
            }
            results[backend][level] = figures
            log(f"{backend} {level}: alone {figures['alone_s']:.3f} s, wrapped {figures['wrapped_s']:.3f} s, "
                f"ratio {figures['ratio']:.3f} ({min(ratios):.3f}-{max(ratios):.3f})")
    return results


# Run in a process of its own: the rewrite, then what the process cost.
# (The peak is VmHWM, this process's own: ru_maxrss would also count the
# parent's memory, shared until the exec.)
COSTS = """
with open("/proc/self/io") as io:
    rchar = int(dict(line.split(": ") for line in io.read().splitlines())["rchar"])
with open("/proc/self/status") as status:
    peak = int(next(line.split()[1] for line in status if line.startswith("VmHWM:")))
print(json.dumps({"peak_kib": peak, "read": rchar}))
"""
REWRITE = """\
import json, sys
from fstring_backport.cli.wheel import main
try:
    main(sys.argv[1:], standalone_mode=False)
except SystemExit as exc:
    if exc.code:
        raise
""" + COSTS
COPY = """\
import json, shutil, sys
shutil.copyfile(sys.argv[1], sys.argv[2])
""" + COSTS
# What the rewriting process holds before it reads a wheel.
# What the rewrite of a wheel with modules to rewrite imports on the way:
# the full path of the engine, and the hashes of new RECORD lines.
IMPORTS = """\
import csv, hashlib, json
from fstring_backport.cli.wheel import main
import fstring_backport.build.wheel, fstring_backport.engine.pipeline, fstring_backport.engine.rewriting
""" + COSTS


def measure_rewriter(python, work, rounds):
    name = "bench_big"
    root = make_package(work / "big", name, 200, new_modules=50, data_mb=48)
    (root / "pyproject.toml").write_text(pyproject(name, "hatchling", False))
    out = work / "big-dist"
    out.mkdir()
    build = hook_command(python, "hatchling.build", out)
    timed(build, cwd=root)  # warm
    [wheel] = out.glob("*.whl")
    size = wheel.stat().st_size
    # The same wheel rewritten once: nothing left to rewrite, only checked.
    done = work / "done"
    subprocess.run([str(python), "-m", "fstring_backport", "wheel", "-q", "-w", str(done), str(wheel)], check=True)
    rows = {"backend": [], "rewrite": [], "check": [], "copy": []}
    costs = {"rewrite": [], "check": [], "copy": [], "imports": []}
    for index in range(rounds):
        shutil.rmtree(str(out))
        out.mkdir()
        rows["backend"].append(timed(build, cwd=root)[0])
        target = work / f"rewritten-{index}"
        seconds, printed = timed([str(python), "-c", REWRITE, "-q", "-w", str(target), str(wheel)])
        rows["rewrite"].append(seconds)
        costs["rewrite"].append(json.loads(printed.splitlines()[-1]))
        seconds, printed = timed([str(python), "-c", REWRITE, "-q", str(done / wheel.name)])
        rows["check"].append(seconds)
        costs["check"].append(json.loads(printed.splitlines()[-1]))
        seconds, printed = timed([str(python), "-c", COPY, str(wheel), str(work / "copy.whl")])
        rows["copy"].append(seconds)
        costs["copy"].append(json.loads(printed.splitlines()[-1]))
        costs["imports"].append(json.loads(timed([str(python), "-c", IMPORTS])[1].splitlines()[-1]))
        shutil.rmtree(str(target))
    result = {"wheel_mb": size / 1e6}
    for key, values in rows.items():
        result[f"{key}_s"] = statistics.median(values)
    result["rewrite_vs_backend"] = statistics.median(r / b for r, b in zip(rows["rewrite"], rows["backend"]))
    result["rewrite_vs_copy"] = statistics.median(r / c for r, c in zip(rows["rewrite"], rows["copy"]))
    result["check_vs_copy"] = statistics.median(r / c for r, c in zip(rows["check"], rows["copy"]))
    for key, values in costs.items():
        result[f"{key}_peak_mb"] = max(v["peak_kib"] for v in values) / 1024
        result[f"{key}_read_vs_wheel"] = statistics.median(v["read"] for v in values) / size
    log(json.dumps(result, indent=1))
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--cache", default=os.path.expanduser("~/.cache/fstring-backport-bench"))
    parser.add_argument("--json", help="write the figures here too")
    parser.add_argument("--skip-wrapper", action="store_true")
    parser.add_argument("--skip-rewriter", action="store_true")
    options = parser.parse_args()
    python = venv_python(options.cache)
    figures = {"python": platform.python_version(), "date": time.strftime("%Y-%m-%d")}
    with tempfile.TemporaryDirectory(prefix="bench-build-") as folder:
        work = Path(folder)
        if not options.skip_wrapper:
            figures["wrapper"] = measure_wrapper(python, work / "wrapper", options.rounds)
        if not options.skip_rewriter:
            figures["rewriter"] = measure_rewriter(python, work / "rewriter", options.rounds)
    print(json.dumps(figures, indent=1))
    if options.json:
        Path(options.json).write_text(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
