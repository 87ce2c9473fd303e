# Line continuations in fields of triple-quoted f-strings.
x = 3
print(f"""{x + \
4}""")
print(f'''a{x \
* 2}b''')
s = f"""first {x}
second {x + \
x}
third"""
print(s)
