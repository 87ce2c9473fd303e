# Escapes in literal format specs of nested f-strings.
x = 7
print(f"{f"{x:\x3e5}"}|")
print(f"{f"{x:\t>4}"!r}")
print(f"{x:\x3c5}|")
