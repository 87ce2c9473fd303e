# A debug expression spanning lines in a single-quoted f-string.
x = 3
print(f"{x
=}")
print(f'{x +
    1 =}')
