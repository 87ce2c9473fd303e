# T-strings: strings, interpolations and values of simple templates.
from string.templatelib import Interpolation, Template


def show(label, template):
    print(label, type(template).__name__, template.strings)
    print("  values", template.values)
    for item in template.interpolations:
        print("  ", type(item).__name__, repr(item.value), repr(item.expression), item.conversion, repr(item.format_spec))


name = "World"
n = 42
items = [1, 2, 3]

show("empty", t"")
show("text", t"just text")
show("one", t"{name}")
show("hello", t"Hello, {name}!")
show("two", t"{name}{n}")
show("three", t"a{name}b{n}c{items}d")
show("adjacent", t"{n}{n}{n}")
show("upper T", T"Hi {name}")
show("single quotes", t'Hi {name}')
show("triple", t"""Hi {name}""")
show("triple single", t'''Hi {n}''')
show("expressions", t"{n + 1} {n * 2} {items[1]} {name.upper()} {len(items)}")
show("doubled braces", t"{{}} {{{n}}} {{n}} }}{{")
show("braces only", t"{{")
show("values types", t"{None}{True}{1.5}{1j}{b'x'}{(1, 2)}")
show("same object", t"{items}")
print(t"{items}".values[0] is items)
tmpl = t"x{n}y"
print(tmpl.interpolations[0] is tmpl.interpolations[0], tmpl.strings is tmpl.strings)
print(len(tmpl.strings) == len(tmpl.interpolations) + 1)
print(isinstance(tmpl, Template), isinstance(tmpl.interpolations[0], Interpolation))
print(type(t"").__name__, type(t"").__module__, type(t"").__qualname__)
