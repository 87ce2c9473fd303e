# Side-effecting calls in several fields, spec fields included.
log = []
def mk(name, value):
    def f():
        log.append(name)
        return value
    return f
a, b, c, w = mk("a", 1), mk("b", "two"), mk("c", 3.5), mk("w", 8)
print(f"{a()}{b()!r}{c():{w()}}")
print(f"{a()}|{f"{b()}{c():{w()}.{a()}}"}|{b()!r:{w()}}")
print(log)
