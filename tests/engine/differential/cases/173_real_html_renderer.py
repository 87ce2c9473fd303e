# Realistic: a tiny HTML renderer with nested 3.12 f-strings.
from html import escape

def attrs(a):
    return f"{"".join(f" {k}=\"{escape(str(v))}\"" for k, v in a.items())}"

def tag(name, *children, **a):
    inner = "".join(children)
    return f"<{name}{attrs(a)}>{inner}</{name}>" if children else f"<{name}{attrs(a)}/>"

def table(rows):
    head = f"{"".join(f"<th>{escape(h)}</th>" for h in rows[0])}"
    body = "\n".join(
        f"  <tr>{"".join(f"<td class=\"{"num" if isinstance(c, int) else "txt"}\">{escape(f"{c}")}</td>" for c in r)}</tr>"
        for r in rows[1:]
    )
    return f"<table>\n  <tr>{head}</tr>\n{body}\n</table>"

page = tag("div", tag("h1", escape("Q&A <1>")), tag("br"), cls="main", id="x")
print(page)
print(table([["name", "n"], ["a<b", 1], ["c\"d", 22]]))
