# Deep nests of f-strings inside format specs, with the same quote.
v = 42
print(f"{v:{f"{f"{f"{">"}"}"}"}{f"{8}"}}")
print(f'{v:{f'{f'{f'{f'{"0"}'}'}'}'}>6}')
