# T-strings: iteration (empty strings left out), repr, str, format(), and
# the errors of changing a Template or an Interpolation.
from string.templatelib import Interpolation, Template

from case_helpers import attempt


x, y = 1, "two"
tmpl = t"a{x!r:>3}b{y}"

for item in tmpl:
    print(type(item).__name__, repr(item))
print(list(t""), list(t"text"), list(t"{x}"), list(t"{x}{y}"))
print([type(item).__name__ for item in t"{x}{y}c"])
print(list(t"{x}" + t"{y}"))
it = iter(tmpl)
print(type(it).__name__, iter(it) is it, next(it), next(it))
print(list(it), list(it))
print(tuple(t"{x}a"), [*t"{y}"], "".join(s for s in tmpl if isinstance(s, str)))
a, b, c, d = tmpl
print(a, b.value, c, d.expression)

print(repr(tmpl))
print(repr(t""))
print(repr(t"{'q'!a:{x}}"))
print(repr(tmpl.interpolations[0]))
print(str(tmpl) == repr(tmpl), str(tmpl.interpolations[1]) == repr(tmpl.interpolations[1]))
print(f"{tmpl}" == repr(tmpl), format(tmpl) == repr(tmpl), format(tmpl, "") == repr(tmpl))
print(repr(t"{tmpl}"))
print(repr(t"{'\n'}\t{ {'a': [1]} }"))
attempt("format with a spec", lambda: format(tmpl, "x"))
attempt("f-string with a spec", lambda: f"{tmpl:>10}")
attempt("interpolation format", lambda: format(tmpl.interpolations[0], ">3"))
attempt("interpolation format empty", lambda: format(tmpl.interpolations[0], "") == repr(tmpl.interpolations[0]))

i = tmpl.interpolations[0]
attempt("set strings", lambda: setattr(tmpl, "strings", ()))
attempt("set interpolations", lambda: setattr(tmpl, "interpolations", ()))
attempt("set values", lambda: setattr(tmpl, "values", ()))
attempt("set new attribute", lambda: setattr(tmpl, "extra", 1))
attempt("delete strings", lambda: delattr(tmpl, "strings"))
attempt("delete new attribute", lambda: delattr(tmpl, "extra"))
attempt("set value", lambda: setattr(i, "value", 2))
attempt("set expression", lambda: setattr(i, "expression", "z"))
attempt("set conversion", lambda: setattr(i, "conversion", "s"))
attempt("set format_spec", lambda: setattr(i, "format_spec", ""))
attempt("set interpolation attribute", lambda: setattr(i, "other", 1))
attempt("delete value", lambda: delattr(i, "value"))
attempt("object.__setattr__", lambda: object.__setattr__(tmpl, "strings", ()))
attempt("set __class__", lambda: setattr(tmpl, "__class__", Template))
attempt("set __dict__", lambda: setattr(tmpl, "__dict__", {}))
attempt("has __dict__", lambda: hasattr(tmpl, "__dict__"))
attempt("strings item", lambda: tmpl.strings.__setitem__(0, "z"))
attempt("hash", lambda: hash(tmpl) == hash(tmpl))
attempt("hash interpolation", lambda: hash(i) == hash(i))
attempt("subclass Template", lambda: type("Sub", (Template,), {}))
attempt("subclass Interpolation", lambda: type("Sub", (Interpolation,), {}))
print(tmpl.strings, tmpl.values)  # unchanged
