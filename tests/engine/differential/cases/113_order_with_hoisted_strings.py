# Evaluation order with constants that must be hoisted.
log = []
def t(x):
    log.append(repr(x))
    return x
print(repr(f"{t("\n")}{t("\t")!r}{t(b"\x00")}{t("\N{BULLET}")}"))
print(log)
