# Backslashes in lambdas and calls within fields.
print(f"{(lambda s: s + "\n")("a")!r}")
print(f"{(lambda: "\\")()}")
print(f"{list(map(lambda c: c + "\t", "ab"))}")
