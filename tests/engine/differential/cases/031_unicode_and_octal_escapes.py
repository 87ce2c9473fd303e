# \u, \U, \x and octal escapes in expression parts.
print(f"{"\u00e9"} {"\U0001F600" != ""} {"\x41"} {"\101"}")
print(f"{ord("\0")} {"\7" == "\a"}")
print(f"{"\u2603".encode("utf-8")}")
