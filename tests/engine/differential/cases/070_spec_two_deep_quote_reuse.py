# Two-deep specs whose innermost field reuses the quote.
x = 7
d = {"w": 6, "t": "d"}
print(f"{x:{d["w"]:{d["t"]}}}|")
print(f'{x:>{d['w']:{''}}}|')
