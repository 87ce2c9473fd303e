# T-strings in match statements (3.10+ syntax: the test skips this case on
# 3.8 and 3.9, which cannot compile a match statement).
from string.templatelib import Interpolation, Template


def classify(item):
    match item:
        case str() as text if not text:
            return "empty string"
        case str() as text:
            return "string " + repr(text)
        case Interpolation(value, expression, None, ""):
            return f"bare {expression}={value!r}"
        case Interpolation(value, expression, "r" | "a" as conversion, spec):
            return f"converted {expression}!{conversion}:{spec}={value!r}"
        case Interpolation(value=int(number), format_spec=spec) if spec:
            return f"int with spec {number}:{spec}"
        case Interpolation(expression=expression, conversion=conversion):
            return f"other {expression} {conversion}"
        case Template(strings=(only,)):
            return "template of text " + repr(only)
        case Template(strings=strings, interpolations=[Interpolation(value=Template() as inner)]):
            return f"template holding a template {inner.strings} in {strings}"
        case Template(interpolations=interpolations):
            return f"template with {len(interpolations)} interpolations"
        case _:
            return "something else"


x, w = 42, 5
inner = t"in{x}"
for item in t"a{x}{x!r}{x!a:>3}{x:>{w}}{x!s}{'s'!s:^4}":
    print(classify(item))
for template in (t"", t"text", t"{inner}", t"{inner}{x}", t"pre{inner}post", inner):
    print(classify(template))
print(classify(42))


def render(template):
    out = []
    for item in template:
        match item:
            case str():
                out.append(item)
            case Interpolation(Template() as nested):
                out.append("[" + render(nested) + "]")
            case Interpolation(value, _, "r"):
                out.append(repr(value))
            case Interpolation(value, _, _, spec):
                out.append(format(value, spec))
    return "".join(out)


print(render(t"<{x!r}|{x:>{w}}|{inner}|{t'{t'{w}'}'}>"))
print(Interpolation.__match_args__)
match t"{x}":
    case Template(strings=["", ""], interpolations=[Interpolation(42, "x")]):
        print("matched sequence patterns")
match Interpolation(1):
    case Interpolation(1, "", None, ""):
        print("defaults match")
