import sys
# A module whose first line is a statement: the runtime import joins it.
x = [1, 2]
tmpl = t"{x!r:{len(x)}}" t"{sys.maxsize > 0}"
print(tmpl.strings, tmpl.values, [i.format_spec for i in tmpl.interpolations])
print(type(tmpl).__name__, type(tmpl).__module__)
