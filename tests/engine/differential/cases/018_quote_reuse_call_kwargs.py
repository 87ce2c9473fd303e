# Keyword arguments with string values in the same quote.
def fmt(a, sep=" ", end=""):
    return sep.join(a) + end
print(f"{fmt(["x", "y"], sep="-", end=".")}")
print(f'{fmt(['x', 'y'], sep='|')}')
print(f"{str.center("mid", 9, "*")}")
