# Debug expressions whose text contains escapes: shown as written, unprocessed.
a = ["p", "q"]
print(f"{"\n".join(a)=}")
print(f"{"\t"=}")
print(f"{len("\\")=}")
print(f"{"\x41"=}")
