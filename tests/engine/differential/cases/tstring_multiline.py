"""T-strings over several lines: text, fields and specs on later lines, and
an uncaught exception raised from a field a few lines into a t-string."""
from __future__ import annotations


def show(label, template):
    print(label, template.strings)
    for item in template.interpolations:
        print("  ", repr(item.value), repr(item.expression), item.conversion, repr(item.format_spec))


name, count, width = "report", 3, 12
rows = {"a": 1, "b": 22}

show("letter", t"""Dear {name},

you have {count} new {"message" if count == 1 else "messages"}.
  Indented {width:>{width}} line
Bye.""")
show("fields spanning lines", t"""{
    name
}|{count
  *
  2}|{rows[
    "b"
]}""")
show("spec over lines", t"""{count:{
    width
}}|{count:>
{width}}""")
show("debug over lines", t"""{count
  = }""")
show("single-quoted field over lines", t"{count +
    1}|{(name,
    count)}")
show("table", t'''
{"key":<6}|{"value":>6}
{"-" * 13}
{"a":<6}|{rows["a"]:>6}
{"b":<6}|{rows["b"]:>6}
''')
show("escaped line break", t"""one \
two {count} \
three""")
show("raw over lines", rt"""\d{count}
\n{name}""")


def level_one(data):
    return level_two(data) + t"!"


def level_two(data):
    return t"""header {len(data)}
    first {data["a"]}
    second {data[
        "missing"
    ]}
    never here"""


print("calling")
level_one(rows)
