# An exception raised by __format__ of a value in a lowered f-string.
class Bad:
    def __format__(self, spec):
        raise RuntimeError(f"bad spec {spec!r}")
d = {"b": Bad()}
print(f"{d["b"]:{"x"}>}")
