# -*- coding: latin-1 -*-
# Latin-1 module whose f-strings decode to characters outside latin-1.
x = 1
print(f"{"\N{BULLET}"=}")
print(f"{f"\N{BULLET} {x}"}")
