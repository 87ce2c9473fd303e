"""Every speed figure of issue 7, in one run, on the same files.

    python3.8  benchmarks/bench_all.py --json bench-py38.json
    python3.11 benchmarks/bench_all.py --json bench-py311.json
    pypy3.11   benchmarks/bench_all.py --json bench-pypy311.json

(with the package's dependencies, click and on 3.8-3.10 tomli, installed
for that interpreter: ``pip install .`` or a test environment; where the
interpreter's own ``-m venv`` cannot install pip, as with Debian's 3.14,
3.15 and PyPy, the environments below are made with virtualenv, which
must then be installed there too).  On 3.12 and later the hook is not
measured: ``install()`` does nothing there.

The files: the standard library of ``--stdlib`` (python3.13 by default, the
.py files the command line would visit) and its subset that transpile
changes.  On the running Python it measures:

* whole-tree throughput of the command line, ``-j 1`` and ``-j`` all CPUs,
  against the running Python's ``tokenize`` on the same text: in place
  (``-i``, on a copy; it writes only what changes) for the goals, and to a
  new folder (``-o``, every file written) beside a plain copy of the files,
  which is what bounds ``-o`` on a slow disk.  The command runs from a
  virtual environment of its own (its dependencies only) with byte code
  cached, as a user runs it;
* the lexer alone against ``tokenize.generate_tokens`` (same text);
* ``transpile`` on the files it leaves unchanged against reading them, and
  against the least any check must do there (count f-string prefixes in C);
* the import hook: cold and warm import of a generated package of 50
  modules that calls ``fstring_backport.install(__name__)``, with
  fstring_backport installed beside it, against a plain import of the same
  package written in old syntax, in the same virtual environment (skipped
  while the hook is not there); and the first import after ``python -m
  compileall`` and ``python -m fstring_backport compileall`` against a
  warm one;
* the run time of transpiled f-strings against the same f-strings written
  by hand in old syntax;
* the peers ``future-tstrings`` (``compile_to_ast``, what its import hook
  runs) and ``tokenize-rt`` (a round trip), installed
  with pip in a virtual environment of their own under ``--cache``, on the
  same files, where they run;
* t-strings (issue 19; ``--skip-tstrings`` leaves them out, ``--only-tstrings``
  measures them alone, in about a minute): the cases of
  ``tstring_timing.py`` (plain text, one field, four fields with conversion
  and specs, a spec with nested fields, ``=``) transpiled for 3.8 and run
  here, against the same t-strings built natively by each of ``--natives``
  (3.14 and later, each in a process of its own) and, before 3.14, through
  future-tstrings' import hook in the peers' environment: each built
  alone, and built then consumed (its interpolations read; iterated;
  rendered, every item read).  The sides take turns, round by round, and
  each ratio is the median over ``5 * --rounds`` rounds of the two sides'
  times in the same round;
* what t-strings cost a process: ``python -c pass`` in a bare virtual
  environment against one with this checkout's wheel installed (its
  ``.pth``) and against the peers' one (future-tstrings' ``.pth`` installs
  its hook at every start), and each ``.pth`` alone, medians of
  ``20 * --rounds`` alternating runs; and the import of the t-string
  runtime.

Each time is the best of ``--rounds`` unless said otherwise; the machine is
shared, so the ratios (both sides measured in this one run) are what to
quote.  Nothing here is part of the test suite.
"""

import argparse
import io
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
import tokenize as std_tokenize
import warnings
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
# --src: measure the package in another checkout (read before the imports).
SRC = Path(sys.argv[sys.argv.index("--src") + 1]).resolve() if "--src" in sys.argv else REPO / "src"
sys.path.insert(0, str(SRC))

from fstring_backport import TranspileError, transpile  # noqa: E402
from fstring_backport.engine.lexer import tokenize  # noqa: E402
from fstring_backport.engine.source import decode_source  # noqa: E402
from fstring_backport.project.selection import Selected, Selection  # noqa: E402

from bench_lexer import best  # noqa: E402  (this folder is sys.path[0])

MB = 1e6


def each(function, items):
    """Call ``function`` on every item, keeping no result alive."""
    for item in items:
        function(item)


def log(message):
    print("..", message, file=sys.stderr, flush=True)


# -- the files ---------------------------------------------------------------


def stdlib_root(python):
    return subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['stdlib'])"],
        stdout=subprocess.PIPE,
        text=True,
        check=True,
    ).stdout.strip()


class Tree:
    def __init__(self, root):
        self.root = Path(root)
        self.data = {}
        for found in Selection().sources([str(self.root)]):
            if not isinstance(found, Selected):
                continue
            path = Path(found.name)
            try:
                self.data[path] = path.read_bytes()
            except OSError:
                continue  # Debian's sitecustomize.py: a link to /etc, absent outside its system
        self.files = list(self.data)
        self.size = sum(map(len, self.data.values()))


def rewritten_subset(tree, workdir):
    """A copy of the files transpile changes (same relative paths)."""
    subset = workdir / "rewritten"
    for path, data in tree.data.items():
        try:
            changed = transpile(data, (3, 8), filename=str(path)) != data
        except TranspileError:
            continue
        if changed:
            target = subset / path.relative_to(tree.root)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
    return Tree(subset)


# -- the command line --------------------------------------------------------


def venv_name(kind):
    """``cli-py311``, ``cli-pypy311``: PyPy 3.11 gets folders of its own."""
    implementation = "pypy" if sys.implementation.name == "pypy" else "py"
    return "{}-{}{}{}".format(kind, implementation, *sys.version_info[:2])


def make_venv(venv):
    """A virtual environment of the running Python, with pip: ``-m venv``
    where its ensurepip works, else virtualenv (Debian's 3.14, 3.15 and
    PyPy take ensurepip's pip from the host, too old for them)."""
    made = subprocess.run([sys.executable, "-m", "venv", str(venv)],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    if made.returncode != 0:
        shutil.rmtree(str(venv), ignore_errors=True)
        subprocess.run([sys.executable, "-m", "virtualenv", "-q", "-p", sys.executable, str(venv)], check=True)


def clean_python(cache):
    """A virtual environment holding the package's dependencies and nothing
    else, as a user's has: start-up and imports cost what they cost them (a
    crowded site-packages runs .pth files that import half the standard
    library before the first line of a script)."""
    venv = Path(cache) / venv_name("cli")
    python = venv / "bin" / "python"
    if not python.exists():
        log(f"creating {venv} for the command line and the hook")
        make_venv(venv)
        dependencies = ["click>=8.0"] + (["tomli>=1.1"] if sys.version_info < (3, 11) else [])
        subprocess.run([str(python), "-m", "pip", "install", "-q"] + dependencies, check=True)
    return python


def cli_env():
    # Byte code cached, as after pip install: start-up must not compile the package.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")}
    env["PYTHONPATH"] = str(SRC)
    return env


def copy_tree(tree, destination):
    for path, data in tree.data.items():
        target = destination / path.relative_to(tree.root)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)


def cli_seconds(python, tree, jobs, workdir, rounds, mode, changed=()):
    """Best time of the command over ``tree``: ``-i`` on a copy of it (the
    files in ``changed`` put back before each round), or ``-o`` to a new
    folder."""
    command = [str(python), "-m", "fstring_backport", "-q", "-j", str(jobs), "--target", "3.8"]
    copy = workdir / "in-place"
    out = workdir / "out"
    if mode == "-i":
        shutil.rmtree(str(copy), ignore_errors=True)
        copy_tree(tree, copy)
        command += ["-i", str(copy)]
    else:
        command += [str(tree.root), "-o", str(out)]
    times = []
    for _ in range(rounds):
        if mode == "-i":
            for relative in changed:
                (copy / relative).write_bytes(tree.data[tree.root / relative])
        shutil.rmtree(str(out), ignore_errors=True)
        start = time.perf_counter()
        subprocess.run(command, env=cli_env(), stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - start)
    shutil.rmtree(str(out), ignore_errors=True)
    shutil.rmtree(str(copy), ignore_errors=True)
    return min(times)


SPIN = "x = 0\nfor i in range(4000000):\n    x += i % 7\n"


def parallel_ceiling(processes, rounds):
    """How much more pure-Python work ``processes`` processes do at once than
    one: the most ``-j`` can gain on this machine (2.0 on two free cores)."""
    def seconds(count):
        start = time.perf_counter()
        running = [subprocess.Popen([sys.executable, "-c", SPIN]) for _ in range(count)]
        for process in running:
            process.wait()
        return time.perf_counter() - start
    one = min(seconds(1) for _ in range(rounds))
    many = min(seconds(processes) for _ in range(rounds))
    return processes * one / many


def copy_seconds(tree, workdir, rounds):
    """Best time of copying the tree's sources with Python: the floor of ``-o``."""
    out = workdir / "copy"
    times = []
    for _ in range(rounds):
        shutil.rmtree(str(out), ignore_errors=True)
        start = time.perf_counter()
        for path in tree.files:
            target = out / path.relative_to(tree.root)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())
        times.append(time.perf_counter() - start)
    shutil.rmtree(str(out), ignore_errors=True)
    return min(times)


# -- lexer and tokenize ------------------------------------------------------


def std_tokens(text):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in std_tokenize.generate_tokens(io.StringIO(text).readline):
            pass


def common_texts(tree):
    """Texts that both the lexer and the running Python's tokenize accept."""
    texts = []
    for path, data in tree.data.items():
        try:
            text = decode_source(data, str(path)).text
            tokenize(text)
            std_tokens(text)
        except (TranspileError, SyntaxError, std_tokenize.TokenError):
            continue
        texts.append(text)
    return texts


# -- the import hook ---------------------------------------------------------

MODULE = '''"""Generated module {i} of the hook benchmark."""

import os
from collections import OrderedDict

TABLE = {{"name": "m{i}", "size": {i}, "path": os.sep}}


class Record{i}:
    def __init__(self, key, value):
        self.key = key
        self.value = value

    def __repr__(self):
        return f"Record{i}({{self.key!r}}, {{self.value!r}})"

    def line(self, width=20):
        return f"{{self.key:<{{width}}}} {{self.value:>8}}"

    def describe(self):
        return f"{{TABLE["name"]}}: {{self.key}} = {{self.value}}"


def render(rows):
    out = OrderedDict()
    for n, row in enumerate(rows):
        out[n] = f"{{n:3d}} {{row.key}} {{row.value!s}}"
    return "\\n".join(out.values())


def summary(rows):
    names = [row.key for row in rows]
    return f'{{", ".join(names)}} ({{len(names)}} rows, {{TABLE['size']}})'


def report(rows, title="report"):
    head = f"== {{title}} =="
    body = render(rows)
    return f"{{head}}\\n{{body}}\\n{{summary(rows)}}"
'''


def make_packages(workdir, modules=50):
    """The same package twice, each in a folder of its own: as written for
    3.12, calling ``install(__name__)`` as README shows, with fstring_backport
    installed beside it (as pip puts both in one site-packages); and
    transpiled for 3.8, without the hook."""
    roots = {}
    for kind in ("new", "old"):
        package = workdir / kind / "benchpkg"
        package.mkdir(parents=True)
        imports = []
        for i in range(modules):
            source = MODULE.format(i=i)
            if kind == "old":
                source = transpile(source, (3, 8))
            (package / f"m{i}.py").write_text(source)
            imports.append(f"from . import m{i}")
        if kind == "new":
            imports.insert(0, "import fstring_backport\nfstring_backport.install(__name__)\n")
            shutil.copytree(str(SRC / "fstring_backport"), str(workdir / kind / "fstring_backport"),
                            ignore=shutil.ignore_patterns("__pycache__"))
        (package / "__init__.py").write_text("\n".join(imports) + "\n")
        roots[kind] = workdir / kind
    return roots


IMPORT_SCRIPT = """
import sys, time
sys.path.insert(0, {root!r})
start = time.perf_counter()
import benchpkg
print(time.perf_counter() - start)
"""


def hook_available(python):
    probe = subprocess.run(
        [str(python), "-c", "import fstring_backport; fstring_backport.install"],
        env=dict(os.environ, PYTHONPATH=str(SRC)),
        stderr=subprocess.DEVNULL,
    )
    return probe.returncode == 0


def import_ratio(python, roots, cold, rounds):
    """Median import times (s) of the plain and the hooked package, and the
    median of their ratios, run by run.  The two alternate, so that drift in
    the machine's speed falls on both; a warm import takes a few ms, where a
    single run can be off by one, so medians of many runs are compared."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE")}
    scripts = {
        "plain": IMPORT_SCRIPT.format(root=str(roots["old"])),
        "hooked": IMPORT_SCRIPT.format(root=str(roots["new"])),
    }
    times = {"plain": [], "hooked": []}
    for n in range(rounds + 1):
        for kind, script in scripts.items():
            if cold or n == 0:  # the tool's own byte code stays, as pip leaves it
                for cache in (Path(roots["old" if kind == "plain" else "new"]) / "benchpkg").rglob("__pycache__"):
                    shutil.rmtree(str(cache))
            out = subprocess.run([str(python), "-c", script], env=env, stdout=subprocess.PIPE,
                                 text=True, check=True)
            if n:  # the first run only fills the caches
                times[kind].append(float(out.stdout))
    ratios = [h / p for h, p in zip(times["hooked"], times["plain"])]
    return statistics.median(times["plain"]), statistics.median(times["hooked"]), statistics.median(ratios)


def precompiled_ratio(python, roots, rounds):
    """Median over runs of the first hooked import after ``python -m
    compileall`` and ``python -m fstring_backport compileall`` (what a
    deployment runs) against the next, warm, import; and the cold import
    (no cache at all) against that warm one, for scale."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE")}
    root = Path(roots["new"])
    script = IMPORT_SCRIPT.format(root=str(root))

    def clear():
        for cache in (root / "benchpkg").rglob("__pycache__"):
            shutil.rmtree(str(cache))

    def timed():
        out = subprocess.run([str(python), "-c", script], env=env, stdout=subprocess.PIPE, text=True, check=True)
        return float(out.stdout)

    first, cold = [], []
    for _ in range(rounds):
        clear()
        cold_time = timed()
        warm_time = timed()
        cold.append(cold_time / warm_time)
        clear()
        # As pip does on install: Python's own compileall, whose failures
        # on 3.12 syntax it ignores (it compiles __init__.py); then ours.
        subprocess.run([str(python), "-m", "compileall", "-qq", "benchpkg"], cwd=str(root), env=env)
        subprocess.run([str(python), "-m", "fstring_backport", "compileall", "-q", "benchpkg"],
                       cwd=str(root), env=env, check=True)
        first_time = timed()
        warm_time = timed()
        first.append(first_time / warm_time)
    return statistics.median(first), statistics.median(cold)


# -- f-strings at run time ---------------------------------------------------

# (3.12 source, the same written by hand for 3.8); each an expression over
# d, a, x, w, n.
RUNTIME_CASES = [
    ('f"{d["k"]}!"', "f\"{d['k']}!\""),
    ("f'{\"\\n\".join(a)}'", "f'{NL.join(a)}'"),
    ('f"{x:{w}.{n}f}"', 'f"{x:{w}.{n}f}"'),
    ('f"{x:{w}{f"{n}"}}"', 'f"{x:{w}{n}}"'),
    ('f"{d["k"] = }"', "f\"d[\\\"k\\\"] = {d['k']!r}\""),
]
RUNTIME_SETUP = "d = {'k': 'value'}\na = ['p', 'q', 'r']\nx = 3.14159\nw = 10\nn = 3\nNL = '\\n'\n"


def runtime_ratio(rounds):
    """Each case transpiled both ways (constants bound to module-level
    names, the default, and spelled inline), against the same f-string
    written by hand for 3.8."""
    rows = []
    for new, old in RUNTIME_CASES:
        row = {"fstring": new}
        for key, inline in (("transpiled_vs_native", False), ("inline_vs_native", True)):
            row[key] = _runtime_ratio(new, old, inline, rounds)
        rows.append(row)
    return rows


def _runtime_ratio(new, old, inline, rounds):
    lowered = transpile(RUNTIME_SETUP + "def f():\n    return " + new + "\n", (3, 8), inline_constants=inline)
    native = RUNTIME_SETUP + "def f():\n    return " + old + "\n"
    codes = [compile(lowered, "lowered", "exec"), compile(native, "native", "exec")]
    # The two alternate, so that a stall of this machine falls on both,
    # each time in new namespaces: in two whole runs on 3.11 one case
    # (a different one each time; in one of them the lowered f-string
    # is the native one) came out 1.6x and 1.8x, where the same cases
    # timed alone give 1.0x.  New objects each round keep one unlucky
    # memory layout from deciding.
    number = 200000
    times = [[], []]
    for _ in range(rounds * 2):
        functions = []
        for code in codes:
            space = {}
            exec(code, space)
            functions.append(space["f"])
        assert functions[0]() == functions[1](), (new, functions[0](), functions[1]())
        for function, kept in zip(functions, times):
            kept.append(timeit.Timer(function).timeit(number))
    t_lowered, t_native = min(times[0]), min(times[1])
    return round(t_lowered / t_native, 3)


# -- peers -------------------------------------------------------------------

PEER_SCRIPT = r"""
import json, random, sys, time, warnings
warnings.simplefilter("ignore")
files, budget = json.load(sys.stdin)
results = {}
def future_tstrings():
    # What its import hook runs; compile_to_python needs ast.unparse (3.9+).
    from future_tstrings.parser import compile_to_ast
    return lambda text, path: compile_to_ast(text, "exec", filepath=path)
def tokenize_rt():
    from tokenize_rt import src_to_tokens, tokens_to_src
    return lambda text, path: tokens_to_src(src_to_tokens(text))
for name, make in (("future-tstrings", future_tstrings), ("tokenize-rt round trip", tokenize_rt)):
    try:
        run = make()
    except ImportError as error:
        # future-tstrings leaves out its parser (parso) from 3.14 on, where
        # t-strings are Python's own.
        results[name] = {"unavailable": "{}: {}".format(type(error).__name__, error)}
        continue
    done = failed = size = 0
    spent = 0.0
    for path in files:
        with open(path, "rb") as handle:
            data = handle.read()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            continue
        start = time.perf_counter()
        try:
            run(text, path)
        except Exception:
            failed += 1
            continue
        finally:
            spent += time.perf_counter() - start
        done += 1
        size += len(data)
        if spent > budget:
            break
    results[name] = {"files": done, "failed": failed, "megabytes": round(size / 1e6, 2),
                     "mb_per_s": round(size / spent / 1e6, 2) if spent else None}
print(json.dumps(results))
"""


def peer_python(cache):
    venv = Path(cache) / venv_name("peers")
    python = venv / "bin" / "python"
    if not python.exists():
        log(f"creating {venv} for the peers")
        make_venv(venv)
        subprocess.run(
            [str(python), "-m", "pip", "install", "-q", "future-tstrings", "tokenize-rt"],
            check=True,
        )
    return python


def peers(cache, tree, budget):
    files = [str(p) for p in tree.files]
    random.Random(7).shuffle(files)  # a fair sample when the budget ends the run
    python = peer_python(cache)
    out = subprocess.run(
        [str(python), "-c", PEER_SCRIPT],
        input=json.dumps([files, budget]),
        stdout=subprocess.PIPE,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


# -- t-strings (issue 19) -----------------------------------------------------

TSTRING_WORKER = Path(__file__).resolve().parent / "tstring_timing.py"


def worker_env():
    """The environment of a process that must see neither this checkout nor
    the caller's settings, and that caches byte code as an installed one."""
    drop = ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE", "FSTRING_BACKPORT_HOOK")
    return {k: v for k, v in os.environ.items() if k not in drop}


def python_version(python):
    return subprocess.run([str(python), "-c", "import platform; print(platform.python_version())"],
                          stdout=subprocess.PIPE, text=True, check=True).stdout.strip()


class Worker:
    """``tstring_timing.py`` in another process, asked one line at a time."""

    def __init__(self, command):
        self.process = subprocess.Popen([str(part) for part in command], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, env=worker_env())

    def ask(self, command):
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the t-string worker {self.process.args} ended")
        return json.loads(line)

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=60)


class LocalSide:
    """The cases transpiled for 3.8 and run in this interpreter."""

    def __init__(self):
        import tstring_timing

        self.side = tstring_timing.Side(tstring_timing.load(transpile(tstring_timing.module_source(), (3, 8))))

    def ask(self, command):
        return json.loads(json.dumps(getattr(self.side, command)()))  # as a worker answers

    def close(self):
        pass


def tstring_speed(cache, rounds, natives):
    """Per-build times of the cases of ``tstring_timing.py``: transpiled for
    3.8 in this interpreter, native in each of ``natives`` (3.14 and later)
    and through future-tstrings' hook in its virtual environment (this
    interpreter's, before 3.14).  One round times every case once on every
    side, the sides taking turns (the order rotating) while the others wait
    on their pipes; a side's time of a case in a round is the best of 3, less
    that round's empty loop.  Each ratio is the median over rounds of the
    two sides' times in the same round."""
    import tstring_timing

    sides = {"transpiled": LocalSide()}
    versions = {"transpiled": platform.python_version()}
    for python in natives:
        if shutil.which(python) is None:
            log(f"{python} not found: no native side there")
            continue
        version = python_version(python)
        if tuple(int(part) for part in version.split(".")[:2]) < (3, 14):
            continue
        name = f"native {'.'.join(version.split('.')[:2])}"
        sides[name] = Worker([python, TSTRING_WORKER, "native"])
        versions[name] = version
    folder = Path(tempfile.mkdtemp(prefix="fsbp-tstrings-"))
    try:
        if sys.version_info < (3, 14):
            peer = peer_python(cache)
            sides["future-tstrings"] = Worker([peer, TSTRING_WORKER, "future-tstrings", folder])
            versions["future-tstrings"] = subprocess.run(
                [str(peer), "-c", "import importlib.metadata as m; print(m.version('future-tstrings'))"],
                stdout=subprocess.PIPE, text=True, check=True, env=worker_env()).stdout.strip()
        checks = {name: side.ask("check") for name, side in sides.items()}
        reference = next((checks[name] for name in checks if name.startswith("native")), None)
        agreement = {}
        for name, found in checks.items():
            if reference is None or name.startswith("native"):
                continue
            differing = [tstring_timing.CASES[n][0] for n, (mine, theirs) in enumerate(zip(found, reference))
                         if mine != theirs]
            agreement[name] = {"differing": differing, "examples": {
                tstring_timing.CASES[n][0]: {"native": theirs["items"], name: mine["items"]}
                for n, (mine, theirs) in enumerate(zip(found, reference)) if mine != theirs}}
        names = list(sides)
        for side in sides.values():  # a round to warm up (and calibrate, and let PyPy's JIT compile)
            side.ask("round")
        times = {name: [] for name in names}
        for n in range(rounds):
            for name in names[n % len(names):] + names[:n % len(names)]:
                times[name].append(sides[name].ask("round"))
    finally:
        for side in sides.values():
            side.close()
        shutil.rmtree(str(folder), ignore_errors=True)

    def net(name, key, n):
        return times[name][n][key] - times[name][n]["empty"]

    cases = []
    for number, (title, tstring) in enumerate(tstring_timing.CASES):
        modes = {}
        for mode, _ in tstring_timing.MODES:
            key = f"{number} {mode}"
            ns = {name: round(statistics.median(net(name, key, n) for n in range(rounds)) * 1e9, 1)
                  for name in names}
            ratios = {other: round(statistics.median(net("transpiled", key, n) / net(other, key, n)
                                                     for n in range(rounds)), 2)
                      for other in names if other != "transpiled"}
            modes[mode] = {"ns": ns, "transpiled_vs": ratios}
        cases.append({"case": title, "tstring": tstring, "modes": modes})
    return {
        "versions": versions,
        "rounds": rounds,
        "loop_ns": {name: round(statistics.median(t["empty"] for t in times[name]) * 1e9, 1) for name in names},
        "agreement_with_native": agreement,
        "cases": cases,
    }


# Run with -S: site's own handling of one .pth file, timed after that of
# another (``warm.pth``), so that first-time costs fall outside it, as in a
# start-up, where site has read other .pth files first.
PTH_SCRIPT = """
import site, sys, time
sitedir, name, warm = sys.argv[1:]
sys.path.append(sitedir)
site.addpackage(warm, "warm.pth", set())
start = time.perf_counter()
site.addpackage(sitedir, name, set())
print(time.perf_counter() - start)
"""
IMPORT_TIMED = "import time{}; t = time.perf_counter(); import {}; print(time.perf_counter() - t)"


def startup_python(cache, kind):
    """A virtual environment of this interpreter: bare, or with this
    checkout installed from its wheel (``--no-deps``: none of them has a
    .pth), reinstalled each run so that it is the code measured."""
    venv = Path(cache) / venv_name(f"startup-{kind}")
    python = venv / "bin" / "python"
    if not python.exists():
        log(f"creating {venv}")
        make_venv(venv)
    if kind == "fsbp":
        subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--force-reinstall",
                        str(SRC.parent)], check=True, env=worker_env(), stdout=subprocess.DEVNULL)
    return venv, python


def _paired(runs, rounds):
    """Run each (name, command) in turn ``rounds`` times, the order rotating;
    the wall time of each run or, where it prints one, the time it prints."""
    times = {name: [] for name, _, _ in runs}
    for n in range(rounds + 1):
        for name, command, env in runs[n % len(runs):] + runs[:n % len(runs)]:
            start = time.perf_counter()
            out = subprocess.run(command, stdout=subprocess.PIPE, text=True, check=True, env=env)
            wall = time.perf_counter() - start
            if n:  # the first run writes byte code and fills the page cache
                times[name].append(float(out.stdout) if out.stdout.strip() else wall)
    return times


def _summary(times, base):
    """Median ms of each, and of each against ``base``: paired differences and ratios."""
    out = {}
    for name, kept in times.items():
        row = {"ms": round(statistics.median(kept) * 1e3, 3)}
        if name != base:
            row["minus_" + base + "_ms"] = round(
                statistics.median(a - b for a, b in zip(kept, times[base])) * 1e3, 3)
            row["vs_" + base] = round(statistics.median(a / b for a, b in zip(kept, times[base])), 3)
        out[name] = row
    return out


def startup_costs(cache, rounds):
    """What a process pays before and when it meets a t-string:

    * ``python -c pass`` (wall time of the process) in a bare virtual
      environment, one with fstring-backport installed (its wheel ships
      ``fstring_backport-hook.pth``, which reads one environment variable)
      and, before 3.14, future-tstrings' (its ``.pth`` installs its import
      hook in every process); and each one's ``.pth`` alone, as ``site``
      runs it, timed inside a process (``site.main()`` as a whole varies
      by milliseconds from run to run on PyPy);
    * the import of the runtime a transpiled module imports: the package's
      ``fstring_backport.templatelib``, and the copy the build step puts in
      a project's wheel (``<package>/_fstring_backport_templatelib.py``,
      here a top-level module), each timed inside a fresh process, and
      ``import string`` alone (the runtime registers ``string.templatelib``),
      in the bare environment."""
    _, bare = startup_python(cache, "bare")
    fsbp_venv, fsbp = startup_python(cache, "fsbp")
    pythons = [("bare", bare), ("fstring-backport", fsbp)]
    pth_files = [("fstring-backport", fsbp, fsbp_venv, "fstring_backport-hook.pth")]
    if sys.version_info < (3, 14):
        peer = peer_python(cache)
        pythons.append(("future-tstrings", peer))
        pth_files.append(("future-tstrings", peer, peer.parent.parent, "hatch_autorun_future_tstrings.pth"))
    env = worker_env()
    result = {}
    result["python -c pass"] = _summary(
        _paired([(name, [str(python), "-c", "pass"], env) for name, python in pythons], rounds), "bare")
    folder = Path(tempfile.mkdtemp(prefix="fsbp-runtime-"))
    try:
        (folder / "warm.pth").write_text("import os\n")
        runs = []
        for name, python, venv, pth in pth_files:
            sitedir = next(venv.glob("lib/*/site-packages"))
            if not (sitedir / pth).exists():
                raise RuntimeError(f"{sitedir / pth} is missing")
            runs.append((name, [str(python), "-S", "-c", PTH_SCRIPT, str(sitedir), pth, str(folder)], env))
        result[".pth alone"] = {name: round(statistics.median(kept) * 1e3, 3)
                                for name, kept in _paired(runs, rounds).items()}
        shutil.copy(str(SRC / "fstring_backport" / "templatelib.py"), str(folder / "_fstring_backport_templatelib.py"))
        copy_env = dict(env, PYTHONPATH=str(folder))
        imports = _paired([
            ("import sys (loaded already: the floor)", [str(bare), "-c", IMPORT_TIMED.format("", "sys")], env),
            ("import string", [str(bare), "-c", IMPORT_TIMED.format("", "string")], env),
            ("import fstring_backport.templatelib", [str(fsbp), "-c", IMPORT_TIMED.format(
                "", "fstring_backport.templatelib")], env),
            ("import fstring_backport.templatelib, string imported before", [str(fsbp), "-c", IMPORT_TIMED.format(
                ", string", "fstring_backport.templatelib")], env),
            ("import _fstring_backport_templatelib (the build step's copy)",
             [str(bare), "-c", IMPORT_TIMED.format("", "_fstring_backport_templatelib")], copy_env),
        ], rounds)
    finally:
        shutil.rmtree(str(folder), ignore_errors=True)
    result["runtime import"] = {name: round(statistics.median(kept) * 1e3, 3) for name, kept in imports.items()}
    return result


# -- the report --------------------------------------------------------------


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stdlib", default="python3.13", help="interpreter whose stdlib to use")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", help="also write the results here")
    parser.add_argument("--cache", default=os.path.expanduser("~/.cache/fstring-backport-bench"))
    parser.add_argument("--peer-budget", type=float, default=60.0, help="seconds per peer and tree")
    parser.add_argument("--skip-peers", action="store_true")
    parser.add_argument("--src", help="the package's source folder [default: this checkout's src]")
    parser.add_argument("--skip-tstrings", action="store_true", help="leave out the t-string section")
    parser.add_argument("--only-tstrings", action="store_true", help="measure the t-string section alone")
    parser.add_argument("--natives", default="python3.14,python3.15",
                        help="interpreters (3.14 and later) whose own t-strings are timed [default: %(default)s]")
    args = parser.parse_args()
    cpus = os.cpu_count() or 1
    result = {
        "date": time.strftime("%Y-%m-%d"),
        "python": platform.python_version(),
        "machine": f"{platform.machine()} ({cpus} CPUs)",
    }
    if not args.only_tstrings:
        file_figures(args, result)
    if args.skip_tstrings:
        result["tstrings"] = "skipped"
    else:
        log("t-strings: transpiled, native and future-tstrings, interleaved")
        result["tstrings"] = tstring_speed(args.cache, args.rounds * 5, [p for p in args.natives.split(",") if p])
        log("t-strings: start-up and the runtime's import")
        result["tstrings"]["startup"] = startup_costs(args.cache, args.rounds * 20)

    print_table(result)
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n")


def file_figures(args, result):
    """Every figure but the t-strings', into ``result``."""
    rounds = args.rounds
    cpus = os.cpu_count() or 1
    result["stdlib"] = stdlib_root(args.stdlib)
    workdir = Path(tempfile.mkdtemp(prefix="fsbp-bench-"))
    try:
        log("reading the files")
        tree = Tree(result["stdlib"])
        subset = rewritten_subset(tree, workdir)
        result["files"] = {"stdlib": [len(tree.files), round(tree.size / MB, 2)],
                           "rewritten": [len(subset.files), round(subset.size / MB, 2)]}

        log("lexer and tokenize")
        texts = common_texts(tree)
        text_size = sum(len(t.encode("utf-8")) for t in texts)
        t_lexer = best(lambda: each(tokenize, texts), rounds)
        t_std = best(lambda: each(std_tokens, texts), rounds)
        tokenize_speed = text_size / t_std / MB
        result["tokenize_mb_per_s"] = round(tokenize_speed, 2)
        result["lexer_mb_per_s"] = round(text_size / t_lexer / MB, 2)
        result["lexer_vs_tokenize"] = round(t_std / t_lexer, 2)

        log("the command line")
        python = clean_python(args.cache)
        subprocess.run([str(python), "-m", "fstring_backport", "--version"], env=cli_env(),
                       stdout=subprocess.DEVNULL, check=True)  # writes the byte code
        changed = [path.relative_to(subset.root) for path in subset.files]
        cli = {}
        for name, files in (("stdlib", tree), ("rewritten", subset)):
            for mode in ("-i", "-o"):
                for jobs in sorted({1, cpus}):
                    seconds = cli_seconds(python, files, jobs, workdir, rounds, mode, changed)
                    cli[f"{name} {mode} -j {jobs}"] = round(files.size / seconds / MB, 2)
        result["cli_mb_per_s"] = cli
        result["copy_mb_per_s"] = round(tree.size / copy_seconds(tree, workdir, rounds) / MB, 2)
        result["cli_j1_vs_tokenize"] = round(cli["stdlib -i -j 1"] / tokenize_speed, 2)
        result["cli_jall_vs_j1"] = round(cli[f"stdlib -i -j {cpus}"] / cli["stdlib -i -j 1"], 2)
        result["cli_o_jall_vs_j1"] = round(cli[f"stdlib -o -j {cpus}"] / cli["stdlib -o -j 1"], 2)
        result["machine_parallel_ceiling"] = round(parallel_ceiling(cpus, rounds), 2)

        log("files that need no rewrite against reading them")
        unchanged = [p for p in tree.files if (subset.root / p.relative_to(tree.root)) not in subset.data]
        unchanged_size = sum(len(tree.data[p]) for p in unchanged)

        def transpile_all():
            for p in unchanged:
                try:
                    transpile(p.read_bytes(), (3, 8), filename=str(p))
                except TranspileError:
                    pass

        def decode_all():
            for p in unchanged:
                try:
                    decode_source(p.read_bytes(), str(p))
                except TranspileError:
                    pass

        # What any check must at least do, in C: find the f-string prefixes.
        # One pass for one spelling, f', or two passes for all of them (f, F,
        # rf, fR ... before either quote): fold F, r and R to f and " to ',
        # then count f' (raw strings are counted too).
        fold = bytes.maketrans(b'FrR"', b"fff'")

        def count_one_spelling():
            for p in unchanged:
                p.read_bytes().count(b"f'")

        def fold_and_count():
            for p in unchanged:
                p.read_bytes().translate(fold).count(b"f'")

        t_read = best(lambda: each(Path.read_bytes, unchanged), rounds)
        t_decode = best(decode_all, rounds)
        t_transpile = best(transpile_all, rounds)
        t_count = best(count_one_spelling, rounds)
        t_fold = best(fold_and_count, rounds)
        result["unchanged_files"] = {
            "files": len(unchanged),
            "read_mb_per_s": round(unchanged_size / t_read / MB, 1),
            "read_and_decode_mb_per_s": round(unchanged_size / t_decode / MB, 1),
            "read_and_transpile_mb_per_s": round(unchanged_size / t_transpile / MB, 1),
            "transpile_vs_read": round(t_transpile / t_read, 2),
            "transpile_vs_read_and_decode": round(t_transpile / t_decode, 2),
            "count_one_spelling_vs_read": round(t_count / t_read, 2),
            "fold_and_count_vs_read": round(t_fold / t_read, 2),
        }

        log("the import hook")
        if sys.version_info >= (3, 12):
            result["import_hook"] = "not measured: install() does nothing on 3.12 and later"
        elif hook_available(python):
            roots = make_packages(workdir)
            hook = {}
            for state in ("warm", "cold"):
                plain, hooked, ratio = import_ratio(python, roots, state == "cold", rounds * 20)
                hook[state] = {"plain_ms": round(plain * 1e3, 2), "hooked_ms": round(hooked * 1e3, 2),
                               "hooked_vs_plain": round(ratio, 3)}
            first, cold = precompiled_ratio(python, roots, rounds * 10)
            hook["precompiled"] = {"first_vs_warm": round(first, 3), "cold_vs_warm": round(cold, 3)}
            result["import_hook"] = hook
        else:
            result["import_hook"] = "hook not available (no fstring_backport.install)"

        log("f-strings at run time")
        result["runtime"] = runtime_ratio(rounds)

        if args.skip_peers:
            result["peers"] = "skipped"
        else:
            log(f"peers (up to {args.peer_budget:.0f} s each per tree)")
            result["peers"] = {
                "stdlib": peers(args.cache, tree, args.peer_budget),
                "rewritten": peers(args.cache, subset, args.peer_budget),
            }
    finally:
        shutil.rmtree(str(workdir), ignore_errors=True)


def print_table(r):
    rows = [("Python", r["python"], ""), ("machine", r["machine"], "")]
    if "files" in r:
        rows += file_rows(r)
    if isinstance(r.get("tstrings"), dict):
        rows += tstring_rows(r["tstrings"])
    width = max(len(row[0]) for row in rows)
    middle = max(len(str(row[1])) for row in rows)
    for name, value, goal in rows:
        print("{:<{w}}  {:<{m}}  {}".format(name, str(value), goal, w=width, m=middle))


def tstring_rows(t):
    rows = [("t-strings: sides", ", ".join(f"{name} {version}" for name, version in t["versions"].items()), "")]
    for name, found in t["agreement_with_native"].items():
        rows.append((f"t-strings: {name} differs from native on", ", ".join(found["differing"]) or "nothing", ""))
    for case in t["cases"]:
        for mode, m in case["modes"].items():
            found = [f"{ratio}x {other} ({m['ns']['transpiled']} vs {m['ns'][other]} ns)"
                     for other, ratio in m["transpiled_vs"].items()]
            rows.append((f"t-string {case['case']}, {mode}: transpiled /", "; ".join(found), ""))
    startup = t["startup"]
    for name, s in startup["python -c pass"].items():
        if name != "bare":
            rows.append((f"python -c pass: {name} / bare", "{}x (+{} ms; bare {} ms)".format(
                s["vs_bare"], s["minus_bare_ms"], startup["python -c pass"]["bare"]["ms"]), ""))
    for name, ms in startup[".pth alone"].items():
        rows.append((f"{name}'s .pth, as site runs it", f"{ms} ms", ""))
    for name, ms in startup["runtime import"].items():
        rows.append((name, f"{ms} ms (in a fresh process)", ""))
    return rows


def file_rows(r):
    cpus = os.cpu_count() or 1
    hook = r["import_hook"]
    rows = [
        ("files: stdlib / rewritten",
         "{} ({} MB) / {} ({} MB)".format(*r["files"]["stdlib"], *r["files"]["rewritten"]), ""),
        ("tokenize.generate_tokens", "{} MB/s".format(r["tokenize_mb_per_s"]), ""),
        ("lexer", "{} MB/s = {}x tokenize".format(r["lexer_mb_per_s"], r["lexer_vs_tokenize"]), ">= 1x"),
    ]
    for key, value in r["cli_mb_per_s"].items():
        rows.append(("CLI " + key, f"{value} MB/s", ""))
    rows += [
        ("copying the stdlib's sources (Python)", "{} MB/s".format(r["copy_mb_per_s"]), ""),
        ("CLI stdlib -i -j 1 / tokenize", "{}x".format(r["cli_j1_vs_tokenize"]), ">= 5x"),
        (f"CLI stdlib -i -j {cpus} / -j 1", "{}x".format(r["cli_jall_vs_j1"]), ">= 1.7x (2 CPUs)"),
        (f"CLI stdlib -o -j {cpus} / -j 1", "{}x".format(r["cli_o_jall_vs_j1"]), ""),
        (f"{cpus} Python processes at once / one", "{}x".format(r["machine_parallel_ceiling"]), "the ceiling of -j"),
        ("unchanged files: read+transpile / read", "{}x ({} vs {} MB/s)".format(
            r["unchanged_files"]["transpile_vs_read"], r["unchanged_files"]["read_and_transpile_mb_per_s"],
            r["unchanged_files"]["read_mb_per_s"]), "<= 3x"),
        ("unchanged files: read+transpile / read+decode",
         "{}x".format(r["unchanged_files"]["transpile_vs_read_and_decode"]), ""),
        ("unchanged files: read+count(b\"f'\") / read",
         "{}x".format(r["unchanged_files"]["count_one_spelling_vs_read"]), "a floor"),
        ("unchanged files: read+fold+count / read",
         "{}x".format(r["unchanged_files"]["fold_and_count_vs_read"]), "a floor"),
    ]
    if isinstance(hook, dict):
        for state in ("warm", "cold"):
            h = hook[state]
            rows.append((f"import, {state}: hooked / plain",
                         "{}x ({} vs {} ms)".format(h["hooked_vs_plain"], h["hooked_ms"], h["plain_ms"]),
                         "<= 1.05x" if state == "warm" else ""))
        if "precompiled" in hook:
            rows.append(("import after compileall: first / warm", "{}x (cold / warm: {}x)".format(
                hook["precompiled"]["first_vs_warm"], hook["precompiled"]["cold_vs_warm"]), "<= 1.1x"))
    else:
        rows.append(("import hook", hook, ""))
    for case in r["runtime"]:
        rows.append(("run time " + case["fstring"], "{}x native (inline: {}x)".format(
            case["transpiled_vs_native"], case["inline_vs_native"]), "<= 1.1x"))
    if isinstance(r["peers"], dict):
        for tree, found in r["peers"].items():
            for name, p in found.items():
                if "unavailable" in p:
                    rows.append((f"{name} on {tree}", "not run ({})".format(p["unavailable"]), ""))
                    continue
                rows.append((f"{name} on {tree}", "{} MB/s ({} files ok, {} failed)".format(
                    p["mb_per_s"], p["files"], p["failed"]), ""))
    return rows


if __name__ == "__main__":
    main()
