def join(items):
    return f"{"\n".join(items)!r}|{d["k"]}"


d = {"k": "v"}
print(join(["a", "b"]))
