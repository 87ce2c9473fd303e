with open(__file__, "rb") as handle:
    first = handle.readline()
print(f"{first.rstrip(b"\n")!r}", f"{"{}\\"}")
