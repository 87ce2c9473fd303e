# Escapes in bytes literals inside fields.
print(f"{b"\x00"!r}")
print(f"{b'\xff\x10'.hex()}")
print(f"{b"\n".join([b"a", b"b"])!r}")
print(f"{list(b"\0\1\2")}")
print(f"{b"\\"!r}")
