# T-strings: the debug '=' puts the expression text and '=' in the string
# before the interpolation, and defaults the conversion to !r unless a spec
# or a conversion is given.
def show(label, template):
    print(label, template.strings)
    for item in template.interpolations:
        print("  ", repr(item.value), repr(item.expression), repr(item.conversion), repr(item.format_spec))


x = 42
name = "Ada"
w = 8
d = {"k": [1, 2]}

show("plain", t"{x=}")
show("blanks", t"{x = }|{ x=}|{x =}|{x= }|{  x  =  }")
show("tab", t"{x	=	}")
show("with text", t"a {x=} b {name=} c")
show("with conversion", t"{x=!s}|{x=!r}|{name=!a}|{x = !s}")
show("with spec", t"{x=:>6}|{x = :^{w}}|{x=:}")
show("conversion and spec", t"{name=!r:>{w}}|{name = !s:<{w}}")
show("expression", t"{x + 1=}|{d["k"][0]=}|{name.upper()=}|{len(d) = }")
show("quotes", t"{'a' + "b"=}|{"it's"=}")
show("not equal", t"{x != 1 = }|{x!=1=}")
show("comparison", t"{x == 42=}|{x >= 1 =}")
show("nested debug in spec", t"{x:{w=}}")
show("debug in nested", t"{t'{x=}'=}")
show("multi-line debug", t"""{x
=}|{
  name
  = }""")
show("comment before =", t"""{x # a comment
=}""")
show("escape in debug text", t"{'\n'=}|{"\t" = }")
show("doubled braces around", t"{{{x=}}}")
show("lambda debug", t"{(lambda: 1)()=}")
show("walrus debug", t"{(y := 3)=}")
show("dict debug", t"{ {'a': 1} = }")
show("unicode debug", t"{'\u00e9'=}|{'é' = }")
show("debug upper T", T"{x=}")
