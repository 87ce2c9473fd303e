# Valid before 3.12: four levels of nesting by changing quotes (must come back unchanged).
x = 1
print(f"""{f'''{f"{f'{x}'}"}'''}""")
