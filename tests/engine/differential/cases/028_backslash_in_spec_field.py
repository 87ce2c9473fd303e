# Backslash escapes in format-spec fields.
x = "ab"
print(repr(f"{x:{"\t"}>10}"))
print(f"{x:{"\N{BULLET}"}^9}")
print(f"{42:{"\x30"}>6}")
print(f"{x:{'*'}<{len("\n\n\n")}}")
