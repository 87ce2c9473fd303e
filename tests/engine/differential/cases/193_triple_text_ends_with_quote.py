# Triple-quoted f-strings whose text next to the end is a quote character.
d = {"k": 1}
print(f"""{d["""k"""]}\"""")
print(f'''"{d['k']}"''')
print(f"""'{d["k"]}'""")
print(f'''{d['''k''']}\'''')
