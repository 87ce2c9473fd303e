# Evaluation order: each field is evaluated then formatted before the next.
log = []
class L:
    def __init__(self, n):
        log.append(f"init {n}")
        self.n = n
    def __format__(self, spec):
        log.append(f"format {self.n} {spec!r}")
        return f"<{self.n}:{spec}>"
print(f"{L(1)}{L(2):x}{L(3):{"y"}}")
print("\n".join(log))
