# Parenthesized lambdas inside fields, returning nested f-strings.
d = {"k": "v"}
print(f"{(lambda x: f"<{x["k"]}>")(d)}")
print(f"{(lambda: f"{"\n"!r}")()}")
print(f"{list(map(lambda s: f"{s!r}", ["a", "b"]))}")
