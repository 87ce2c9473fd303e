# Newlines inside a nested triple-quoted string of a single-quoted f-string.
print(f'{"""a
b"""}')
print(f"{'''one
two'''.splitlines()}")
print(f'{len("""x
y
z""")}')
