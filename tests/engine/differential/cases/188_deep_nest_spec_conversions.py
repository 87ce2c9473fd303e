# Deep nests of f-strings with conversions inside format specs.
w = 7
x = "q"
print(f"{x:{f"{f"{w!r}"}"}}|")
print(f"{x!r:{f"{">"}{f"{w!s}"}"}}|")
print(f"{x:{f"{f"{f"{"^"}"}"}{w}"}}|")
