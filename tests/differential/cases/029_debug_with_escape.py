# Debug expressions whose text contains escapes: 3.12 processes them.
a = ["p", "q"]
print(f"{"\n".join(a)=}")
print(f"{"\t"=}")
print(f"{len("\\")=}")
print(f"{"\x41"=}")
