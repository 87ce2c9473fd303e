# 3.13+ converts a field's value before it evaluates the fields of its spec.
from case_helpers import LOG, Loud


def width(n):
    LOG.append("width " + str(n))
    return n


a = Loud("a")
d = {"k": Loud("k")}
print(f"{a!r:>{width(6)}}|{a!s:<{width(4)}}|{a!a:^{width(5)}.{width(3)}}")
print(f"{d["k"]!r:>{width(6)}}")
print(f"{a=!r:{width(5)}}|{d["k"] = !s:>{width(7)}}")
print(f"{a!r:>8}{a:>{width(2)}}")
print(LOG)
