# T-strings: implicit concatenation of t-strings makes one Template, across
# lines, quotes, prefixes and comments.
def show(label, template):
    print(label, template.strings)
    for item in template.interpolations:
        print("  ", repr(item.value), repr(item.expression), item.conversion, repr(item.format_spec))


a, b, c = 1, "two", 3.0

show("two", t"a{a}" t"b{b}")
show("no blank", t"{a}"t"{b}")
show("text only", t"x" t"y" t"z")
show("strings meet", t"left " t" right")
show("field meets field", t"{a}" t"{b}")
show("empty parts", t"" t"{a}" t"" t"")
show("quotes mixed", t"a{a}" t'b{b}' t"""c{c}""" t'''d''')
show("prefixes mixed", t"\n{a}" rt"\n{b}" T"\t" Rt"\t{c}")
show("across lines", (t"first {a}, "
                      t"second {b}, "
                      t"third {c}"))
show(
    "comments between",
    (
        t"one {a}"  # first part
        # a line of comment
        t" two {b}"  # with {braces} and 'quotes'
        t" three"
    ),
)
show("continuation", t"x{a}" \
     t"y{b}")
show("triple across lines", (t"""line one {a}
line two""" t"""
line three {b}"""))
show("debug across", t"{a=}" t"{b = }")
show("spec across", t"{a:>{a}}" t"{c:.{a}f}")
show("doubled braces across", t"{{" t"}}" t"{a}")
show("escape at the seam", t"\\" t"{a}" t"\\")
show("many", t"1" t"2" t"3" t"4" t"{a}" t"5" t"6" t"{b}" t"7" t"8" t"9")
items = [t"{x}" t"!" for x in range(3)]
print([tmpl.values for tmpl in items])
print([tmpl.strings for tmpl in items])
