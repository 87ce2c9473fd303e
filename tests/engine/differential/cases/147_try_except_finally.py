# F-strings needing lowering in try, except, else and finally blocks.

def run(d, k):
    out = []
    try:
        out.append(f"{d[k]}")
    except KeyError as e:
        out.append(f"{"missing"}: {e!r}")
    else:
        out.append(f"{"ok"}")
    finally:
        out.append(f"{"\n".join(["done", "."])!r}")
    return out
print(run({"a": 1}, "a"))
print(run({}, "a"))
