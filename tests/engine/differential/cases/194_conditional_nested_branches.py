# Conditional expressions with nested f-strings in both branches.

for n in (0, 1, 2):
    print(f"{f"{n} item" if n == 1 else f"{n} items" if n else f"{"no"} items"}")
    print(repr(f"{f"{"\n"}" if n else f"{"\t"}"}"))
