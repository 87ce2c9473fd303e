"""The t-string cases of ``bench_all.py`` and the loop that times them, in any process.

``bench_all.py`` imports this file to time t-strings transpiled for 3.8 in
the running interpreter, and runs it as a script to time the same t-strings
in another process: natively on Python 3.14 and later, or through
future-tstrings' import hook in a virtual environment of its own.

    python tstring_timing.py native
    python tstring_timing.py future-tstrings FOLDER

The worker writes one module holding every case (``module_source``), loads
it as its mechanism would (native: compiled as it is; future-tstrings: a
file in FOLDER, with its magic comment, imported through the hook that its
``.pth`` installed at start-up), then answers one JSON line per line it
reads: ``check`` gives each case's Template as plain data, ``round`` times
every case once.  The side that transpiles does the same through
:class:`Side` in the calling process.

Every case is timed as ``timeit`` times a statement: a ``for`` loop over
``itertools.repeat`` in a function, with the garbage collector off, the
names it reads being the module's globals, as real code has them.  The
loop's own cost (an empty body, timed in the same round) is kept beside
the times so that the caller can take it off.

This file runs on Python 3.8 and holds no t-string: the cases are text.
"""

import gc
import itertools
import json
import sys
import time
import types

# (name, t-string): one of each shape the runtime sees.
CASES = [
    ("plain text", 't"Hello, world!"'),
    ("one field", 't"Hello, {name}!"'),
    ("4 fields, conversion and specs", 't"{name!r}: {count:>5d} items at {price:.2f} ({ratio:.1%})"'),
    ("nested field in a spec", 't"{price:>{width}.{digits}f}"'),
    ("debug =", 't"{name=}, {price=:.2f}"'),
]

# (mode, statement around the t-string): built and dropped; built and its
# interpolations read; built and iterated; built and rendered as an
# f-string would be, reading every item's value, conversion and spec.
MODES = [
    ("build", "{}"),
    ("interpolations", "{}.interpolations"),
    ("iterate", "list({})"),
    ("render", "render({})"),
]

NAMES = """\
name = "world"
count = 42
price = 3.14159
ratio = 0.25
width = 12
digits = 3
"""

RENDER = '''\
def render(template):
    """What a template processor does: every item read, each field formatted."""
    out = []
    for item in template:
        if isinstance(item, str):
            out.append(item)
            continue
        value = item.value
        conversion = item.conversion
        if conversion == "r":
            value = repr(value)
        elif conversion == "s":
            value = str(value)
        elif conversion == "a":
            value = ascii(value)
        out.append(format(value, item.format_spec))
    return "".join(out)
'''

# The result goes to a global: an object that escapes must be made, so
# PyPy's JIT cannot drop a Template nobody reads (a local would let it).
LOOP = "def {name}(_it):\n    global _sink\n    for _i in _it:\n        _sink = {statement}\n"


def module_source(first_line=""):
    """The module of the cases: names, ``render``, ``make_N`` returning case N
    and ``loop_N_MODE`` timing it, ``loop_empty`` timing the loop alone
    (it stores None where the others store their result)."""
    parts = [first_line, '"""The t-string cases of bench_all (generated)."""\n', NAMES, RENDER,
             LOOP.format(name="loop_empty", statement="None")]
    for number, (_, tstring) in enumerate(CASES):
        parts.append(f"def make_{number}():\n    return {tstring}\n")
        for mode, form in MODES:
            parts.append(LOOP.format(name=f"loop_{number}_{mode}", statement=form.format(tstring)))
    return "\n".join(parts)


def keys():
    """The keys of a round's times: ``N mode`` for each case and mode."""
    return [f"{number} {mode}" for number in range(len(CASES)) for mode, _ in MODES]


def describe(template):
    """A Template as plain data: its items, strings as they are and each
    Interpolation as [repr of value, expression, conversion, spec]."""
    items = []
    for item in template:
        if isinstance(item, str):
            items.append(item)
        else:
            items.append([repr(item.value), item.expression, item.conversion, item.format_spec])
    return {"type": f"{type(template).__module__}.{type(template).__qualname__}", "items": items,
            "strings": list(template.strings), "values": [repr(value) for value in template.values]}


def _seconds(function, number):
    iterations = itertools.repeat(None, number)
    enabled = gc.isenabled()
    gc.disable()
    try:
        start = time.perf_counter()
        function(iterations)
        return time.perf_counter() - start
    finally:
        if enabled:
            gc.enable()


class Side:
    """The cases of one loaded module: ``check()`` and ``round()``."""

    def __init__(self, namespace, repeat=3, least=0.005):
        self.namespace = namespace
        self.repeat = repeat
        self.least = least  # seconds a timing lasts at least
        self.numbers = {}

    def check(self):
        return [describe(self.namespace[f"make_{number}"]()) for number in range(len(CASES))]

    def _number(self, function):
        number = 1000
        while _seconds(function, number) < self.least:
            number *= 2
        return number

    def _time(self, key):
        function = self.namespace["loop_" + key.replace(" ", "_")]
        if key not in self.numbers:
            self.numbers[key] = self._number(function)
        number = self.numbers[key]
        return min(_seconds(function, number) for _ in range(self.repeat)) / number

    def round(self):
        """Seconds per iteration, best of ``repeat``, of each case and of the empty loop."""
        times = {"empty": self._time("empty")}
        for key in keys():
            times[key] = self._time(key)
        return times


def load(source, name="bench_tstring_cases"):
    """Run ``source`` as the module ``name``; its namespace."""
    module = types.ModuleType(name)
    module.__file__ = f"<{name}>"
    sys.modules[name] = module
    exec(compile(source, module.__file__, "exec"), module.__dict__)
    return module.__dict__


def load_future_tstrings(folder, name="bench_tstring_cases_ft"):
    """Import the cases as a file marked for future-tstrings, through its hook."""
    import importlib
    import os

    path = os.path.join(folder, name + ".py")
    with open(path, "w", encoding="utf-8") as handle:
        # Its hook reads the first 3 lines for a comment "# future-tstrings".
        handle.write(module_source("# future-tstrings\n"))
    sys.path.insert(0, folder)
    importlib.invalidate_caches()
    module = importlib.import_module(name)
    loader = type(module.__spec__.loader).__name__
    if loader != "FutureTstringsLoader":
        raise SystemExit(f"future-tstrings' hook did not load the cases (loader: {loader})")
    return module.__dict__


def serve(side):
    """Answer ``check`` and ``round`` lines on stdin with JSON lines."""
    for line in sys.stdin:
        command = line.strip()
        if command == "check":
            answer = side.check()
        elif command == "round":
            answer = side.round()
        else:
            break
        print(json.dumps(answer), flush=True)


def main():
    mechanism = sys.argv[1]
    if mechanism == "native":
        namespace = load(module_source())
    elif mechanism == "future-tstrings":
        namespace = load_future_tstrings(sys.argv[2])
    else:
        raise SystemExit(f"unknown mechanism {mechanism!r}")
    serve(Side(namespace))


if __name__ == "__main__":
    main()
