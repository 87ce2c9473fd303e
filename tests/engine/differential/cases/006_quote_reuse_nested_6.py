# Six levels of nesting, bare nested f-strings only.
x = "deep"
print(f"{f"{f"{f"{f"{f"{x}"}"}"}"}"}")
print(f'{f'{f'{f'{f'{f'{x}!'}!'}!'}!'}!'}!')
