# '!=' in a debug field is part of its text, whether or not the f-string is rewritten.
a, b = 1, 2
d = {"k": 1}
print(f"{a!=b=}")
print(f"{a != b = }")
print(f"{d["k"]!=b=}")
print(f"{(a!=b)=}|{d["k"]}")
print(f"{a!=b=!s:>6}")
