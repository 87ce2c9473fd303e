# F-strings needing lowering in while/else and for/else headers and bodies.
i = 0
while len(f"{i}{"x" * i}") < 4:
    i += 1
else:
    print(f"{"while done"}: {i}")
for part in f"{"a,b"}".split(","):
    print(f"{part!r}")
else:
    print(f"{"for done"}\t!")
