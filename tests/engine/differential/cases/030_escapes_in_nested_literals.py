# Escapes and doubled braces in the literal text of nested f-strings.
x = 5
print(f"{f"{{\n}}{x}"}")
print(repr(f"{f"a\tb{x}c\n"}"))
print(f"{f"\x41{x}\u0042"}")
print(f"{f"\\{x}\\"}")
print(f"{f"{x}\N{BULLET}{{}}"}")
