# Four levels of nesting with a single quote kind.
x = "v"
print(f"{f"{f"{f"{x}"}"}"}")
print(f"1{f"2{f"3{f"4{x}4"}3"}2"}1")
print(f'''{f'''{f'''{f'''{x}'''}'''}'''}''')
