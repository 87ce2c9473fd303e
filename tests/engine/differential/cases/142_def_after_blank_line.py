# A def as first statement after a blank line; its f-string needs a constant.

def f(items):
    return f"{"\n".join(items)}"
print(f(["a", "b"]))
