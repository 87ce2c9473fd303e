# T-strings in class bodies, closures, comprehensions, generators, lambdas
# and async functions: names resolve as in any expression.
import asyncio


def show(label, template):
    print(label, template.strings, [(repr(i.value), i.expression) for i in template.interpolations])


x = "global"


class Widget:
    x = "class"
    size = 3
    label = t"{x}-{size}"
    doubled = t"{size * 2}"
    # A comprehension in a class body does not see class names (but the first iterable does).
    names = [t"{n}" for n in range(size)]
    try:
        broken = [t"{size}" for n in range(2)]
    except NameError as e:
        error = type(e).__name__ + ": " + str(e)

    def method(self):
        return t"{self.x}|{x}|{type(self).__name__}"

    @classmethod
    def other(cls):
        return t"{cls.size!r}"


show("class attribute", Widget.label)
show("class computed", Widget.doubled)
print("class comprehension", [tmpl.values for tmpl in Widget.names])
print("class comprehension error", Widget.error)
show("method", Widget().method())
show("classmethod", Widget.other())


def outer():
    count = 0
    items = []

    def inner(step):
        nonlocal count
        count += step
        return t"{count}+{step}"

    for step in (1, 2, 3):
        items.append(inner(step))
    later = t"{count}"
    count = 100
    return items, later, (lambda: t"{count}")


items, later, make = outer()
for template in items:
    show("closure", template)
show("captured value is the value at build time", later)
show("lambda builds late", make())

templates = [t"{i}:{i * i}" for i in range(3)]
print("list comprehension", [tmpl.values for tmpl in templates])
mapping = {k: t"{k}={v!r}" for k, v in {"a": 1, "b": 2}.items()}
print("dict comprehension", {k: v.values for k, v in mapping.items()})
print("generator", [tmpl.strings for tmpl in (t"<{c}>" for c in "ab")])
show("comprehension inside", t"{[c.upper() for c in 'xy']}|{ {c: 1 for c in 'z'} }|{sum(i for i in range(4))}")
show("lambda inside", t"{(lambda a, b=2: a + b)(1)}")
callbacks = [lambda i=i: t"{i}" for i in range(3)]
print("default-argument lambdas", [cb().values for cb in callbacks])
late = [lambda: t"{i}" for i in range(3)]
print("late-binding lambdas", [cb().values for cb in late])


def gen():
    received = yield t"first"
    yield t"got {received}"
    value = yield
    yield t"{(yield)} and {value}"


g = gen()
show("generator 1", next(g))
show("generator 2", g.send("sent"))
next(g)
g.send("v")
show("yield in field", g.send("y"))


async def fetch(n):
    await asyncio.sleep(0)
    return n * 10


async def main():
    tmpl = t"{await fetch(1)} and {await fetch(2)!r:>{await fetch(0)}}"
    show("await", tmpl)
    results = [t"{await fetch(n)}" async for n in agen()]
    print("async comprehension", [tmpl.values for tmpl in results])


async def agen():
    for n in range(2):
        yield n


asyncio.run(main())


def default(tmpl=t"{x}"):
    return tmpl


show("default argument", default())


def annotated(value: t"{x}" = None) -> t"{x}!":
    return value


print("annotations", sorted((k, type(v).__name__) for k, v in annotated.__annotations__.items()))
global_template = t"{x}"
x = "changed"
show("global at build time", global_template)
