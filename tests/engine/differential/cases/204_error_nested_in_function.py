# A traceback through a function called from a field of a multi-line f-string.
def fail(x):
    return {"k": x}["missing"]
def show(x):
    return f"""{x}
{fail(x)!r}
"""
print(f"{"start"}")
print(show(1))
# py38-lineno-bug: Python 3.8 reports another line here, even for code written for 3.8.
