# Debug expressions whose text contains quotes.
d = {"k": 1}
print(f"{d["k"]=}")
print(f'{d['k'] = }')
print(f"{'single'=}")
print(f'{"double"=}')
print(f"{"mix'd" = }")
