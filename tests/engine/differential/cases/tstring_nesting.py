# T-strings nested in t-strings, in f-strings, and f-strings in t-strings,
# reusing quotes at every level.
def describe(template, depth=0):
    pad = "  " * depth
    print(pad + "Template", template.strings)
    for item in template.interpolations:
        print(pad + " ", repr(item.expression), item.conversion, repr(item.format_spec))
        if type(item.value).__name__ == "Template":
            describe(item.value, depth + 2)
        else:
            print(pad + "   value", repr(item.value))


x, w = 7, 4
d = {"k": "v"}

describe(t"{t"{x}"}")
describe(t"a{t'b{t"c{t'd{x}'}"}'}e")
describe(t"{t"{d["k"]}" + t"{x!r}"}")
describe(t"{f"{x:>{w}}"}|{f'{d["k"]!r}'}")
describe(t"{x:{f"{w}"}}|{x:{t"{w}"}}")
describe(t"""{t'''{
    x  # comment in a nested t-string
}'''}""")
describe(t"{[t"{i}" for i in range(2)]!r}")
describe(t"{t"{x=}"=}")
describe(rt"{t"\n{x}"}\n{rt'\n'}")
print(f"{t"{x}"!r}")
print(f"{t"{x}".values}|{t"a{x}b".strings}|{t"{d["k"]}".interpolations[0].expression}")
print(f"{f"{t"{x}".values[0]:>{w}}"}")
print(f"{ {'t': t"{x}"}['t'].values }")
print(f"{t"{x}"}" == repr(t"{x}"))
print(f"{[tm.values for tm in [t'{x}', t"{w}"]]}")
print(f"{t'{f"{t'{x}'!r}"}'.values}")
print(f"{len(t'{x}{w}'.interpolations)=}")
try:
    print(f"{t'{x}':>10}")
except TypeError as e:
    print(type(e).__name__, str(e))
deep = t"1{t"2{t"3{t"4{t"5{x}"}"}"}"}"
level = 0
while type(deep).__name__ == "Template":
    level += 1
    print(level, deep.strings, deep.interpolations[0].expression)
    deep = deep.values[0]
print("innermost", deep)
print(f"{t'{x}'=}")
print(f"{t"{d["k"]}" = !s:}")
print(f"{'v':{t'{w}'.values[0]}}|{x:{len(t'{w}{w}'.strings)}}")
print(f"{t'{x}'.values!r:>12}")
print(rf"{t'\n{x}'.strings}\n{t"{rf'\n{x}'}".values}")
print(f'''{t"""{
    x  # comment
}""".interpolations[0].expression!r}''')
