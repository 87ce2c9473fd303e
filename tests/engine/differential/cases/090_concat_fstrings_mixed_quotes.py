# Implicit concatenation of several f-strings with different quote kinds.
x = "v"
d = {"k": x}
print(f"{d["k"]}" f'{d['k']}' f"""{d["k"]}""" f'''{d['k']}''')
print(f"{x}" f"{f"{x}"}")
