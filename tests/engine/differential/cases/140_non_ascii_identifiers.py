# Non-ASCII identifiers in fields needing lowering.
größe = 3
данные = {"ключ": "значение"}
名前 = "名"
print(f"{данные["ключ"]} {größe * 2} {名前!r}")
print(f"{größe=} {данные["ключ"]=}")
print(f"{"\n".join([名前, 名前])}")
