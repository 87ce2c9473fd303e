# T-strings: pickling with every protocol, copy and deepcopy.
import copy
import pickle

from string.templatelib import Interpolation, Template


def describe(template):
    return (
        type(template).__name__,
        template.strings,
        [(repr(i.value), i.expression, i.conversion, i.format_spec) for i in template.interpolations],
    )


class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def __repr__(self):
        return f"Point({self.x}, {self.y})"


p = Point(1, 2)
w = 7
inner = t"in{w}"
cases = {
    "empty": t"",
    "text": t"text only",
    "fields": t"a{p!r:>{w}}b{w=}c{'s'!a}",
    "nested": t"{inner} and {[inner, inner]}",
    "concatenated": t"x{w}" t"y{p}" + t"z",
}
for name, template in cases.items():
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        data = pickle.dumps(template, protocol)
        back = pickle.loads(data)
        same = describe(back) == describe(template)
        print(name, protocol, same, b"string.templatelib" in data, type(back) is Template)
    print(name, describe(pickle.loads(pickle.dumps(template))))
    shallow = copy.copy(template)
    deep = copy.deepcopy(template)
    print(name, "copy", describe(shallow) == describe(template), describe(deep) == describe(template))
    print(
        name,
        "shares values",
        all(a is b for a, b in zip(shallow.values, template.values)),
        [a is b for a, b in zip(deep.values, template.values)],
    )

i = Interpolation(p, "p", "r", ">3")
for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
    back = pickle.loads(pickle.dumps(i, protocol))
    print("interpolation", protocol, repr(back), type(back) is Interpolation)
print(repr(copy.copy(i)), repr(copy.deepcopy(i)), copy.deepcopy(i).value is p)

# A nested Template survives a deep copy as a Template.
deep = copy.deepcopy(cases["nested"])
print(type(deep.values[0]).__name__, deep.values[0].strings, deep.values[1][0] is deep.values[1][1])
# Reductions name the module string.templatelib.
print(type(cases["fields"]).__reduce__(cases["fields"])[0].__module__)
print(Interpolation.__reduce__(i)[0] is Interpolation)
for template in (t"{w}", t"a"):
    try:
        pickle.dumps(iter(template))
    except TypeError as e:
        print(type(e).__name__, str(e))
