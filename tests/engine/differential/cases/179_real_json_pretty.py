# Realistic: a hand-written JSON pretty printer built from f-strings.

def dumps(v, indent=0):
    pad = "  " * indent
    if isinstance(v, dict):
        if not v:
            return "{}"
        items = [f"{pad}  {f"\"{k}\""}: {dumps(v[k], indent + 1)}" for k in sorted(v)]
        return f"{{\n{",\n".join(items)}\n{pad}}}"
    if isinstance(v, list):
        return f"[{", ".join(dumps(x, indent) for x in v)}]"
    if isinstance(v, str):
        esc = v.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n")
        return f"\"{esc}\""
    if v is None:
        return "null"
    return f"{str(v).lower() if isinstance(v, bool) else v}"
print(dumps({"name": "x\"y", "list": [1, 2.5, None, True], "nested": {"a\nb": {}, "z": "\\"}}))
