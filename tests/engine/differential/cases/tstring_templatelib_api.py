# T-strings and string.templatelib: the literal's type is the module's
# Template, and Templates built by hand behave as literals do.
import string.templatelib
from string.templatelib import Interpolation, Template, convert
import string.templatelib as templatelib

from case_helpers import attempt, render


x = 5
literal = t"a{x!r:>3}b"
print(type(literal) is Template, isinstance(literal, Template), isinstance(literal, templatelib.Template))
print(type(literal) is string.templatelib.Template, string.templatelib.convert is convert)
print(isinstance(literal.interpolations[0], Interpolation), isinstance(literal, Interpolation), isinstance("a", Template))
print(type(literal).__name__, type(literal).__module__, Interpolation.__name__, Interpolation.__module__)
print(convert.__name__, convert.__module__, sorted(n for n in dir(templatelib) if not n.startswith("_")))
print(issubclass(Template, object), Template.__mro__ == (Template, object), Interpolation.__mro__ == (Interpolation, object))

by_hand = Template("a", Interpolation(5, "x", "r", ">3"), "b")
print(repr(by_hand) == repr(literal), by_hand.strings == literal.strings)
print([repr(i) for i in by_hand.interpolations] == [repr(i) for i in literal.interpolations])
attempt("Template()", lambda: Template())
attempt("Template strings joined", lambda: Template("a", "b", Interpolation(1, "one"), "c", "d"))
attempt("Template interpolations adjacent", lambda: Template(Interpolation(1, "one"), Interpolation(2, "two")))
attempt("Template of text", lambda: Template("only"))
attempt("Template bad item", lambda: Template("a", 1))
attempt("Template bytes", lambda: Template(b"a"))
attempt("Template keyword", lambda: Template(strings=("a",)))
attempt("Template of a Template", lambda: Template(literal))
attempt("Interpolation defaults", lambda: Interpolation(1))
attempt("Interpolation keywords", lambda: Interpolation(value=1, expression="e", conversion="s", format_spec=">2"))
attempt("Interpolation no value", lambda: Interpolation())
attempt("Interpolation bad conversion", lambda: Interpolation(1, "e", "x"))
attempt("Interpolation conversion type", lambda: Interpolation(1, "e", 1))
attempt("Interpolation expression type", lambda: Interpolation(1, 2))
attempt("Interpolation spec type", lambda: Interpolation(1, "e", None, 3))
attempt("Interpolation too many", lambda: Interpolation(1, "e", None, "", 5))
attempt("Interpolation unknown keyword", lambda: Interpolation(1, spec=""))
attempt("mixed literal and built", lambda: (t"{x}" + Template(Interpolation(6, "six")) + t"!").values)
attempt("values of built", lambda: Template("a", Interpolation([1], "l"), Interpolation(None, "n")).values)


name, amount = "Ada", 3.5
print(render(t"Dear {name!r}, you owe {amount:.2f} ({amount!s:>6})."))
print(render(by_hand), render(t""), render(Template("x")))


def html(template):
    """A small HTML-escaping renderer, the t-string use case."""
    out = []
    for item in template:
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item.value, Template):
            out.append(html(item.value))
        else:
            value = format(convert(item.value, item.conversion), item.format_spec)
            out.append(value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;"))
    return "".join(out)


evil = '<script>alert("x")</script>'
print(html(t'<p title="{evil}">{evil!r}</p>'))
rows = [("a<b", 1), ("c&d", 2)]
items = t""
for key, value in rows:
    items += t"<li>{key}: {value:03d}</li>"
print(html(t"<ul>{items}</ul>"))


def sql(template):
    """A parameterised query: text with placeholders, and the values apart."""
    query, params = [], []
    for item in template:
        if isinstance(item, str):
            query.append(item)
        else:
            query.append("?")
            params.append(item.value)
    return "".join(query), params


user, limit = "robert'); DROP TABLE students;--", 10
print(sql(t"SELECT * FROM users WHERE name = {user} LIMIT {limit}"))
