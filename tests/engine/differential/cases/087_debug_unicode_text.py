# Debug expressions whose text contains non-ASCII characters.
café = 2
d = {"ключ": 1}
print(f"{café=}")
print(f"{d["ключ"] = }")
print(f"{"日本"=}")
