# Evaluation order with two-deep format specs.
log = []
class V:
    def __init__(self, n, val):
        self.n, self.val = n, val
        log.append(f"eval {n}")
    def __format__(self, spec):
        log.append(f"format {self.n} with {spec!r}")
        return format(self.val, spec)
print(f"{V("x", 3.5):{V("y", 8):{V("z", "")}}}|")
print(f"{V("a", 1)}{V("b", 2):{V("c", 3)}}")
print("\n".join(log))
