# Bytes concatenation and f-strings in the same expression (not mixed).
b = b"ab" b"\x00" rb"\n"
print(f"{b!r} {b"cd" b"ef"!r}")
print(repr(b), f"{len(b)}")
