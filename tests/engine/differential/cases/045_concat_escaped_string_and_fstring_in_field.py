# Implicit concatenation in a field: an escaped string followed by an f-string.
x = [1]
print(f"{"\n" f"{x}"}")
print(f"{"a\t" "b" f"{x}!"}")
print(f"{f"{x}" "\n"!r}")
