# T-strings whose fields are hard to split: colons, bangs and equals signs
# that belong to the expression, braces of displays, strings holding
# braces and quotes.
def show(label, template):
    print(label, template.strings)
    for item in template.interpolations:
        print("  ", repr(item.value), repr(item.expression), item.conversion, repr(item.format_spec))


x, y = 3, 4
d = {"a:b": 1, "!r": 2, "=": 3, "{": 4}
f = lambda a=0, **kw: (a, sorted(kw))  # noqa: E731

show("colon in subscript", t"{d["a:b"]}|{[1, 2, 3][1:]}|{[1, 2, 3][::2]:}")
show("colon in lambda", t"{(lambda v: v + 1)(x)}|{(lambda: x)():>4}")
show("colon in dict", t"{ {'k': x}['k'] }|{ {x: y} }")
show("bang in string", t"{d["!r"]}|{"!s"}|{'!'!r}")
show("not equal", t"{x != y}|{x!=y!r}|{x != y = }")
show("equals in call", t"{f(a=1)}|{f(a=x, b=y)=}|{dict(a=1)!s}")
show("equals in string", t"{d["="]}|{"=" * 3 =}")
show("comparison equal", t"{x == y}|{x==y=}|{x <= y}|{x >= y}")
show("walrus", t"{(z := 10)}|{(z := z + 1)=}|{z}")
show("brace strings", t"{d["{"]}|{"}"}|{"{}"}|{'{{'}")
show("set and dict displays", t"{ {1, 2} }|{ {} }|{ {**{'a': 1}} }|{ {*(1, 2)} = }")
show("conditional", t"{x if x else y}|{'a' if x > y else 'b'!r:>3}")
show("unary and await-free keywords", t"{not x}|{-x}|{~x}|{x is None}|{x in [3]}|{x is not None = }")
show("strings with quotes", t"{"'"}|{'"'}|{"it's"}|{'say "x"'}")
show("triple string inside", t"{'''a'b'''}|{"""c"d"""}")
show("format inside", t"{'{}-{}'.format(x, y)}|{'%s' % x}|{'{0:>3}'.format(x)}")
show("spec looks like conversion", t"{x:!r}|{x:=}|{x:{'!'}}")
show("empty-ish spec", t"{x:}|{x=:}|{x!r:}")
show("fields in spec touching", t"{x:{y}{y}}|{x:{y}{y}{'>'}}")
show("backslash before field", t"\\{x}|\\{{x}}")
show("numbers", t"{1_0}|{0x_f}|{1e-3}|{1j.imag}|{1 .real}")
show("slices and starred", t"{(*[x], y)}|{[*'ab', *'c']}|{x, y}")
show("tuple without parens", t"{x, y = }|{x,}")
show("chained calls", t"{'a b'.split()[0].upper().center(5, '*')}")
show("generator argument", t"{sum(i for i in range(x))}|{''.join(c for c in 'xyz' if c != 'y')}")
