# Realistic: formatting CLI help text with wrapped, aligned option descriptions.
import textwrap
OPTIONS = [
    ("-h, --help", "show this help message and exit"),
    ("-o FILE", "write output to FILE instead of standard output, creating it if needed"),
    ("--target VER", "the oldest Python to support, e.g. \"3.8\""),
]
def help_text(prog, options, width=60):
    col = max(len(o) for o, _ in options) + 2
    out = [f"usage: {prog} [{"|".join(o.split(",")[0] for o, _ in options)}]", ""]
    for opt, desc in options:
        lines = textwrap.wrap(desc, width - col)
        out.append(f"  {opt:<{col}}{lines[0]}")
        out += [f"  {"":<{col}}{l}" for l in lines[1:]]
    return f"{"\n".join(out)}\n{"":-^{width}}"
print(help_text("tool", OPTIONS))
