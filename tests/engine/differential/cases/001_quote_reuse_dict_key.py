# Quote reuse: subscripting a dict with a key in the same quote as the f-string.
d = {"k": 1, "name": "Ada", 'q': "x"}
print(f"{d["k"]}")
print(f'{d['name']}')
print(f"value: {d["k"] + 1} and {d['q']}")
print(F"{d["name"].upper()}!")
print(f"""{d["""k"""]}""")
print(f'''{d['''name''']}''')
