# A comment line, then a def needing constants (no blank line, no docstring).
def f(items):
    return f"{"\n".join(items)}"
print(f(["a", "b"]))
