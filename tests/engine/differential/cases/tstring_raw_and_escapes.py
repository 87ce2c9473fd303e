# T-strings: raw prefixes, escapes in the literal text, unicode and \N{...}.
def show(label, template):
    print(label, ascii(template.strings))
    for item in template.interpolations:
        print("  ", ascii(item.value), ascii(item.expression), item.conversion, ascii(item.format_spec))


x = "\u00e9"
n = 5

show("rt", rt"\d+{x}\n")
show("tr", tr"\d+{x}\n")
show("Rt", Rt"\w{x}\t")
show("tR", tR"\s{n}")
show("RT", RT"\{n}\\")
show("TR", TR'{n}\'')
show("raw triple", rt"""\n{n}
\t""")
show("raw N is text", rt"\N{n}")
show("raw doubled braces", rt"\{{{n}}}\}}")
show("raw backslash before field", rt"\{n}")
show("raw spec", rt"{n:\>5}|{n:\d}")
show("raw debug", rt"{n=}\n")
show("escapes", t"\n\t\\\'\"\x41\101\u00e9\U0001F600\0")
show("named escapes", t"\N{BULLET} {n} \N{LATIN SMALL LETTER A WITH ACUTE}\N{EM DASH}")
show("named escape before field", t"\N{GREEK SMALL LETTER LAMDA}{n}")
show("escape before field", t"\\{n}|\n{n}")
show("backslash newline", t"a\
b{n}c\
")
show("unicode text", t"caf\u00e9 {x} \u65e5\u672c {n} \U0001F600")
show("literal unicode", t"日本 {x} é 😀 {n}")
show("unicode names", t"{x}")
ñame = "n"
λ = 1
show("unicode identifiers", t"{ñame}|{λ}|{λ + 1=}")
show("surrogate escape", t"\ud800{n}")
show("octal and null", t"\0{n}\x00\177")
show("escaped braces with escapes", t"\n{{\t}}{n}")
show("escaped quotes", t'it\'s {n}' )
show("triple with quotes", t"""say "hi" {n} ""x""")
show("triple ending near quote", t'''it's{n}''')
show("text ending in quote before field", t"""a"{n}""")
show("backslash at end before field", t"a\\{n}\\")
