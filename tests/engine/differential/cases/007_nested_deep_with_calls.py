# Five levels of nesting where inner f-strings are arguments to calls.
x = "ab"
print(f"{len(f"{f"{f"{f"{x}"}"}"}")}")
print(f"{f"{f"{f"{f"{x}".upper()}"}"}"}")
