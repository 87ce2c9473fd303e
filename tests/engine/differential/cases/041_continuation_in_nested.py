# Line continuations inside fields of nested f-strings.
x = 2
print(f"{f"{x + \
x}"}")
print(f'''{f'{x \
* 3}'}''')
