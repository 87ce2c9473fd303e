# Five levels of nesting: deeper than the four quote kinds can express.
x = 3
print(f"{f"{f"{f"{f"{x}"}"}"}"}")
print(f"a{f"b{f"c{f"d{f"e{x}e"}d"}c"}b"}a")
