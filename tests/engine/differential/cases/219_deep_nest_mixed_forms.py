# Deep nests mixing bare nested f-strings with operators, debug and specs.
x, y = 1, "y"
print(f"{f"{f"{f"{f"{x}"}"}"}" + f"{y}"}")
print(f"{f"{f"{f"{f"{x}"}"}"}"=}")
print(f"{f"{f"{f"{f"{x:>3}"}"}"}":*^9}")
print(f"{f"{f"{f"{f"{x}"}"}"}"!r}")
