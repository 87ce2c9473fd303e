# T-strings: an exception raised inside a field is reported at the line of
# that field, also in multi-line t-strings whose fields sit on later lines.
import sys
import traceback


def lines_of(error):
    """The lines of this file in the traceback, outermost first."""
    return [frame.lineno for frame in traceback.extract_tb(error.__traceback__) if frame.filename == __file__]


def fail(message="failed"):
    raise ValueError(message)


d = {"k": 1}
none = None


def attempt(label, thunk):
    try:
        thunk()
    except Exception as e:
        print(label, type(e).__name__, str(e), lines_of(e)[1:])


attempt("key", lambda: t"{d["missing"]}")
attempt("call", lambda: t"a{fail('call')}b")
attempt("attribute", lambda: t"{none.attribute}")
attempt("name", lambda: t"{undefined_name}")
attempt("division", lambda: t"{1 / 0}")
attempt("spec field", lambda: t"{1:{fail('spec')}}")
attempt("spec format", lambda: t"{1:{[]:x}}")
attempt("nested", lambda: t"{t'{fail('nested')}'}")
attempt("in f-string", lambda: t"{f'{fail('in f')}'}")
attempt("f-string holding it", lambda: f"{t'{fail('f holds')}'}")


def triple():
    return t"""first line {d["k"]}
second line {d["k"]}
third line {fail("third")}
fourth line"""


def triple_spec():
    return t"""{d["k"]:{
        d["k"]
    }}{d["k"]:{
        fail("spec on a later line")
    }}"""


def concatenated():
    return (t"one {d["k"]}"
            t"two {d["k"]}"
            t"three {d["missing"]}")


def field_over_lines():
    return t"""{
        d["k"]
        +
        fail("operand")
    }"""


def after_comment():
    return t"""{d["k"]  # a comment
    }{fail("after a comment")}"""


for function in (triple, triple_spec, concatenated, field_over_lines, after_comment):
    try:
        function()
    except Exception as e:
        print(function.__name__, type(e).__name__, str(e), lines_of(e)[1:])

print(sys.version_info >= (3, 8))
# The module ends with an uncaught exception from a field on a later line.
print(t"""fine {d["k"]}
still fine
{d["k"]} {d[
    "not there"
]}""")
