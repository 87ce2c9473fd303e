"""Lexer speed, side by side with the running Python's own tokenize.

    python benchmarks/bench_lexer.py [--stdlib python3.13] [--json out.json]

Reads the standard library of the given interpreter (found through its own
sysconfig), then times, in this one process and on the same text:
  * fstring_backport.engine.lexer.tokenize against tokenize.generate_tokens;
  * tokenize on a 10x larger input against the 1x input (linearity).
Each figure is the best of several rounds; the ratios are what to quote.
"""

import argparse
import io
import json
import platform
import subprocess
import sys
import time
import tokenize as std_tokenize
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from fstring_backport.engine.errors import TranspileError
from fstring_backport.engine.lexer import tokenize
from fstring_backport.engine.source import decode_source


def stdlib_texts(python):
    root = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['stdlib'])"],
        stdout=subprocess.PIPE,
        text=True,
        check=True,
    ).stdout.strip()
    texts = []
    for path in sorted(Path(root).rglob("*.py")):
        if "site-packages" in path.parts or not path.is_file():
            continue  # installed packages; Debian's sitecustomize.py, a link to /etc
        try:
            text = decode_source(path.read_bytes(), str(path)).text
            tokenize(text)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                for _ in std_tokenize.generate_tokens(io.StringIO(text).readline):
                    pass
        except (TranspileError, SyntaxError, std_tokenize.TokenError):
            continue  # both must accept the file for a fair comparison
        texts.append(text)
    return root, texts


def best(fn, rounds):
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def run_ours(texts):
    for text in texts:
        tokenize(text)


def run_std(texts):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for text in texts:
            for _ in std_tokenize.generate_tokens(io.StringIO(text).readline):
                pass


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stdlib", default="python3.13", help="interpreter whose stdlib to read")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", help="also write the results here")
    args = parser.parse_args()

    root, texts = stdlib_texts(args.stdlib)
    size = sum(len(t.encode("utf-8")) for t in texts)
    ours = best(lambda: run_ours(texts), args.rounds)
    std = best(lambda: run_std(texts), args.rounds)

    unit = texts[len(texts) // 2] + "\n"
    one = best(lambda: tokenize(unit), args.rounds * 3)
    ten = best(lambda: tokenize(unit * 10), args.rounds * 3)

    result = {
        "python": platform.python_version(),
        "machine": "{} ({} CPUs)".format(platform.machine(), __import__("os").cpu_count()),
        "stdlib": root,
        "files": len(texts),
        "megabytes": round(size / 1e6, 2),
        "lexer_mb_per_s": round(size / ours / 1e6, 2),
        "tokenize_mb_per_s": round(size / std / 1e6, 2),
        "lexer_speed_vs_tokenize": round(std / ours, 2),
        "time_10x_input_vs_1x": round(ten / one, 2),
    }
    width = max(map(len, result))
    for key, value in result.items():
        print("{:<{w}}  {}".format(key, value, w=width))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
