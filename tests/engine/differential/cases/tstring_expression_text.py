# T-strings: the expression text of each interpolation, as written: blanks
# kept, comments dropped, quotes reused, backslashes and line breaks kept.
d = {"k": "v", 'q"': 1, "a b": 2}
x, y = 3, 4
lines = ["one", "two"]


def show(label, template):
    print(label, template.strings)
    for item in template.interpolations:
        print("  ", repr(item.expression), "->", repr(item.value))


show("blanks", t"{ x }|{x  +  y}|{	x	}|{ x+y }")
show("leading blank for a set", t"{ {1} }|{ {'a': 1}['a'] }")
show("quote reuse", t"{d["k"]}|{d['k']}|{d["a b"]}")
show("quote reuse single", t'{d['k']}|{d["k"]}')
show("other quotes", t"{d['q"']}")
show("backslash in expression", t"{"\n".join(lines)!r}|{'\t'}|{"\\"}")
show("escaped quote", t"{'it\'s'}|{"say \"hi\""}")
show("raw string inside", t"{r'\d+'}|{rb'\x'}")
show("unicode escape inside", t"{'\N{BULLET}'}|{"\u00e9"}")
show("parens", t"{(x)}|{(x, y)}|{((x))}")
show("lambda", t"{(lambda a: a * 2)(x)}")
show("walrus", t"{(z := x + 1)}|{z}")
show("conditional", t"{x if x > y else y}")
show("not equal", t"{x != y}|{x!=y}")
show("comparison chain", t"{x < y <= 5}")
show("comprehension", t"{[i * i for i in range(x)]}|{ {i: i for i in range(2)} }")
show("call with kwargs", t"{dict(a=1, b=2)}|{sorted(lines, key=len, reverse=True)}")
show("string methods", t"{'-'.join(lines)}|{", ".join(map(str, [x, y]))}")
show("multi-line", t"""{
    x
    +
    y
}""")
show("comments", t"""{x  # the x
+ y  # the y
}|{d["k"] # "quoted" comment with {braces}
}""")
show("comment in single-quoted", t"{x # comment
}")
show("comment after blank", t"""{ x   # a comment
   }""")
show("continuation", t"{x + \
y}")
show("tab and blanks", t"{x	+	y	}")
show("nested brackets", t"{[{'a': [1, 2]}][0]['a'][1]}")
show("attribute", t"{lines.__class__.__name__}")
show("starred", t"{[*lines, *lines]}")
show("bytes", t"{b'\x00\xff'}")
show("number forms", t"{0x1F}|{1_000}|{1e3}|{.5}")
show("ellipsis", t"{...}")
show("semicolon in string", t"{'a;b'}")
show("hash in string", t"{'#not a comment'}|{"#" * 3}")
