# T-strings: conversions are recorded, not applied; the format spec is
# formatted eagerly (its fields are evaluated and formatted), the value never.
from string.templatelib import convert


def show(label, template):
    print(label, template.strings)
    for item in template.interpolations:
        print("  ", repr(item.value), repr(item.expression), repr(item.conversion), repr(item.format_spec))


x = 3.14159
w = 10
p = 3
fill = "*"
name = "caf\u00e9"

show("conversions", t"{name!r}|{name!s}|{name!a}|{name}")
show("conversion with blank", t"{name!r }|{name!s  }")
show("spec text", t"{x:>10}|{x:.2f}|{x:*^12.3f}|{w:#x}|{w:08b}|{w:,}")
show("empty spec", t"{x:}")
show("spec with fields", t"{x:{w}}|{x:{w}.{p}}|{x:{fill}>{w}.{p}f}")
show("spec fields with conversion", t"{x:{fill!r}}|{x:{name!a}}")
show("spec fields with their spec", t"{x:{w:03d}}|{x:{p:>{w}}}")
show("conversion and spec", t"{name!r:>{w}}|{x!s:^{w + 2}}")
show("spec with colon", t"{x:%H:%M}")
show("spec with escapes", t"{x:\x3e10}|{x:\N{BULLET}^9}|{x:\t}")
show("spec with braces from field", t"{x:{'{'}}")
show("spec with quote reuse", t"{x:{d["k"] if (d := {"k": 4}) else 0}}")
show("spec with nested t-string", t"{x:{t'{w}'}}")
show("spec with f-string", t"{x:{f'{w}{p}'}}")
show("spec lambda", t"{x:{(lambda: 5)()}}")
show("spec multi-line", t"""{x:{
    w
}}""")
show("spec equals in spec", t"{x:=^10}|{x:=10}")
show("spec with bang", t"{x:!r}|{x:!}")
show("spec with blank", t"{x: }|{x: >5}")
show("date spec", t"{x:%Y-%m-%d}")
show("spec line break text", t"""{x:>
}""")

# convert() applies what the conversion names.
for value in (name, 1.5, None, [name], b"b"):
    for conversion in (None, "r", "s", "a"):
        print("convert", repr(value), repr(conversion), "->", repr(convert(value, conversion)))
for bad in ("x", "", "rr", "R", 1):
    try:
        convert(name, bad)
    except Exception as e:
        print("convert", repr(bad), "->", type(e).__name__, str(e))
for call in (lambda: convert(name), lambda: convert(name, "r", 1), lambda: convert(obj=name, conversion="r")):
    try:
        call()
    except TypeError as e:
        print("convert call ->", type(e).__name__, str(e))
print(convert(name, conversion="r"))

# What a renderer does with them: convert, then format with the spec.
def render(template):
    out = []
    for item in template:
        if isinstance(item, str):
            out.append(item)
        else:
            out.append(format(convert(item.value, item.conversion), item.format_spec))
    return "".join(out)


print(render(t"{name!r:>{w}}|{x:{fill}^{w}.{p}f}|{w!s:<4}|{name!a}"))
print(f"{name!r:>{w}}|{x:{fill}^{w}.{p}f}|{w!s:<4}|{name!a}")
