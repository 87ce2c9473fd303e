# Realistic: a unified-diff-like printer using difflib and 3.12 f-strings.
import difflib
a = ["one", "two", "three", "four"]
b = ["one", "2", "three", "four", "five"]
def show(a, b):
    sm = difflib.SequenceMatcher(a=a, b=b)
    out = []
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal":
            out += [f"  {line}" for line in a[i1:i2]]
        else:
            out += [f"{"-"} {line}" for line in a[i1:i2]]
            out += [f"{"+"} {line}" for line in b[j1:j2]]
    stats = f"{sum(l.startswith("-") for l in out)} removed, {sum(l.startswith("+") for l in out)} added"
    return f"{"\n".join(out)}\n{"# "}{stats}"
print(show(a, b))
