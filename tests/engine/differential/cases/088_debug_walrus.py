# Debug expressions with walrus and calls.
print(f"{(n := 10)=}")
print(f"{n=}")
print(f"{str.join("-", "ab")=}")
