# F-strings needing lowering in if/elif conditions and bodies of a dispatcher.
def describe(cmd):
    words = cmd.split()
    if f"{words[0]}" == "go" and f"{words[1]}" in {"n", "s"}:
        return f"{"go"} {words[1]!r}"
    elif words[0] == f"{"say"}":
        return f"{" ".join(words[1:])}\t!"
    else:
        return f"{"unknown"}: {cmd!r}"
for c in ("go n", "say hi there", "jump"):
    print(repr(describe(c)))
