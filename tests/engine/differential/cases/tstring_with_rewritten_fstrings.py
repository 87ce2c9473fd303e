# T-strings next to 3.12 f-strings that must be rewritten (quote reuse,
# backslashes, comments in fields), in the same statements too.
d = {"k": "v", "n": 3}
lines = ["a", "b"]
nl = f"{"\n"}"
print(f"{"\n".join(lines)}|{d["k"]!r:>{d["n"]}}", t"{"\n".join(lines)}|{d["k"]!r:>{d["n"]}}".values)
tmpl = t"{f"{d["k"]}"}{f'{"\t"}'!r}{d["n"]:{f"{"0"}{d["n"]}"}}"
print(tmpl.strings, tmpl.values, [i.format_spec for i in tmpl.interpolations])
print(f"{t"{d["k"]}".values} {f"{t'{"\\"}'.values}"} {[f"{x}{"\N{BULLET}"}" for x in t"{1}{2}".values]}")
message = (f"{d["k"]}"  # an f-string
           f"{"\n"}")
template = (t"{d["k"]}"  # a t-string
            t"{"\n"}")
print(repr(message), template.values)
print(f"""{
    d["k"]  # comment
}""", t"""{
    d["k"]  # comment
}""".interpolations[0].expression)
