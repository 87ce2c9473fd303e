# Bytes literals inside fields, reusing the f-string's quote.
print(f"{b"ab"!r}")
print(f"{b"ab" + b"cd"}")
print(f'{b'xyz'.decode('ascii')}')
print(f"{len(b"four")}")
print(f"{bytes.hex(b"\x01\x02")}")
