# 'match' used as an ordinary name as the first statement, with constants needed.
match = {"k": "v"}
print(f"{match["k"]}{"\n"!r}")
