# Evaluation order with debug expressions in several fields.
log = []
def f(x):
    log.append(x)
    return x
print(f"{f("a")=}{f("b") = !s}{f(1)=:>3}")
print(log)
