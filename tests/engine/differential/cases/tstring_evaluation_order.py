# T-strings: values are evaluated left to right and never formatted or
# converted; the fields of a format spec are evaluated and formatted
# eagerly, in order.
LOG = []


class Loud:
    def __init__(self, name):
        self.name = name

    def __format__(self, spec):
        print("  format", self.name, repr(spec))
        return self.name + ":" + spec

    def __str__(self):
        print("  str", self.name)
        return "s-" + self.name

    def __repr__(self):
        print("  repr", self.name)
        return "r-" + self.name


def get(name, value=None):
    print("  evaluate", name)
    return Loud(name) if value is None else value


print("plain")
tmpl = t"{get('a')}{get('b')!r}{get('c')!s}{get('d')!a}"
print("built", len(tmpl.interpolations))
print("spec fields")
tmpl = t"{get('v')!r:{get('w1')}>{get('w2')!r}{get('w3')!s}{get('w4')!a}}"
print("built", tmpl.interpolations[0].format_spec)
print("values then specs, field by field")
tmpl = t"{get('x')}{get('y'):{get('ys')}}{get('z'):{get('zs', 5)}}"
print("built", [i.format_spec for i in tmpl.interpolations])
print("nested spec fields")
tmpl = t"{get('v'):{get('outer'):{get('inner')}}}"
print("built", tmpl.interpolations[0].format_spec)
print("debug")
tmpl = t"{get('dbg')=}{get('dbg2')=:{get('dbgspec')}}"
print("built", tmpl.strings)
print("concatenated")
tmpl = t"{get('first')}" t"{get('second'):{get('sspec')}}" t"{get('third')}"
print("built", len(tmpl.values))
print("nested t-string")
tmpl = t"{get('outer')}{t'{get('inner')}{get('inner2')!r}'}{get('after')}"
print("built", type(tmpl.values[1]).__name__)
print("f-string inside formats at once")
tmpl = t"{get('before')}{f'{get('fvalue')!r}'}{get('after')}"
print("built", tmpl.values[1])
print("t-string inside f-string is built, then formatted by the f-string")
text = f"{get('before')}{t'{get('tvalue')}'!s:}"
print("built", text.startswith("s-before"), "Template(" in text)
print("now the values are used")
for item in t"{get('late')!r}":
    print("  item", item.expression, item.conversion)
print("repr of the template reprs the values")
text = repr(t"{get('rv', 1)}{Loud('shown')}")
print("done", "r-shown" in text)
print("a value whose format fails is not formatted")
print("built", t"{get('list', [])!r:x}{get('n', 1):abc}".values)

# An exception in a value stops the building: nothing later is evaluated.
def boom():
    raise ValueError("boom")


try:
    t"{get('before boom')}{boom()}{get('never')}"
except ValueError as e:
    print("ValueError", e)
try:
    t"{get('value')}{get('v'):{boom()}}{get('never')}"
except ValueError as e:
    print("ValueError in spec", e)
try:
    t"{get('value')}{get('v'):{get('bad', []):x}}{get('never')}"
except TypeError as e:
    print(type(e).__name__, e)
