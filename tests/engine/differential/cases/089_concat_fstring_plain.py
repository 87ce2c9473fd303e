# Implicit concatenation of 3.12 f-strings with plain strings.
d = {"k": 1}
print(f"{d["k"]}" " plain")
print("plain " f"{d["k"]}")
print("a" f"{d["k"]}" 'b' f'{d['k']}' """c""")
print('x' "y" f"{d["k"]!r}" '''z''')
