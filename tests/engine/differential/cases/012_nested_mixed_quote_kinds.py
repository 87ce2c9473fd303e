# Nested f-strings mixing all four quote kinds, reused at several levels.
x = 1
print(f"{f'{f"{f'{x}'}"}'}")
print(f'''{f"""{f'''{f"""{x}"""}'''}"""}''')
print(f"{f'''{f"{x}"}'''}")
print(f'{f"{f'{f"{f'{x}'}"}'}"}')
