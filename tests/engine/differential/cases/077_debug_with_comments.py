# Debug expressions with comments: 3.12 drops the comment but keeps spacing.
x = 10
print(repr(f'''{x # c
=}'''))
print(repr(f"{x + 1 # plus one
= }"))
print(repr(f"{x # c
=!s}"))
