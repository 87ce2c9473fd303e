# Valid before 3.12: escapes in literal text, not in fields (unchanged).
x = "v"
print(f"\t{x}\n\N{BULLET}\x41")
print(f'\'{x}\'')
