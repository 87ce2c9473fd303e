# Nested strings holding braces, colons, bangs and equals, reusing the quote.
print(f"{"}"}{"{"}{"!r"}{"a=b"}{"#"}{"x:y"}")
print(f"{"abcdef"[1:4]} {"a:b".split(":")} {"{}".format(1)}")
print(f'{'{'*2}{'}'*2}')
