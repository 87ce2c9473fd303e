# Nesting two levels deep with the same quote kind at every level.
x = 42
name = "world"
print(f"{f"{x}"}")
print(f'{f'{name}'}')
print(f"""{f"""{x}"""}""")
print(f'''{f'''{name}'''}''')
print(f"a{f"b{x}c"}d")
print(f"{f"{x}" * 2}")
print(f"{len(f"{name}")}")
