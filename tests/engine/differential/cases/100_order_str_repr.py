# Evaluation order with __str__ and __repr__ via conversions.
log = []
class T:
    def __init__(self, n):
        self.n = n
    def __str__(self):
        log.append(f"str {self.n}")
        return f"s{self.n}"
    def __repr__(self):
        log.append(f"repr {self.n}")
        return f"r{self.n}"
    def __format__(self, spec):
        log.append(f"format {self.n}")
        return f"f{self.n}"
print(f"{T(1)!s}{T(2)!r}{T(3)}{T(4)!a:>3}")
print(f"{f"{T(5)!r}"}{T(6)=}")
print(log)
