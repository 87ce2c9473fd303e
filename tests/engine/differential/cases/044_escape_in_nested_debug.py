# Escapes in a nested f-string that holds a debug expression.
a = ["1", "2"]
print(f"{f"{"\n".join(a)=}"}")
print(f"<{f"{"\t"!r}"}>")
