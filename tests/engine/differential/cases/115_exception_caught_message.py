# Exceptions raised in fields, caught and printed.
d = {}
for key in ("a", "b"):
    try:
        print(f"{d[key]}")
    except KeyError as e:
        print(f"missing {e.args[0]!r}: {type(e).__name__}")
try:
    f"{1 / 0:{"x"}}"
except ZeroDivisionError as e:
    print(f"{"caught"} {e}")
