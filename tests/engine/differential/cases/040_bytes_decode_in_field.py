# Bytes with escapes decoded inside fields.
data = b"caf\xc3\xa9"
print(f"{data.decode("utf-8")}")
print(f"{b"\xe2\x80\xa2".decode()} {b"\x41\x42".decode("ascii")}")
print(f"{data.split(b"\xc3")}")
