# T-strings: + between Templates, and the TypeErrors (with their messages)
# of + with anything else.
from string.templatelib import Interpolation, Template

from case_helpers import attempt


def show(label, template):
    print(label, template.strings, [(i.value, i.expression) for i in template.interpolations])


x, y = 1, 2
left = t"a{x}b"
right = t"c{y}d"

show("t + t", left + right)
show("t + t + t", left + right + t"e")
show("empty + t", t"" + left)
show("t + empty", left + t"")
show("text + text", t"one" + t"two")
show("field + field", t"{x}" + t"{y}")
show("built + literal", Template("s", Interpolation(9, "nine")) + left)
total = t""
for i in range(3):
    total += t"[{i}]"
show("augmented", total)
print(left.strings, right.strings)  # the operands are unchanged
print((left + right) is not left)

attempt("str + t", lambda: "text" + left)
attempt("t + str", lambda: left + "text")
attempt("t + int", lambda: left + 1)
attempt("int + t", lambda: 1 + left)
attempt("t + None", lambda: left + None)
attempt("None + t", lambda: None + left)
attempt("t + float", lambda: left + 1.5)
attempt("t + bytes", lambda: left + b"x")
attempt("bytes + t", lambda: b"x" + left)
attempt("t + tuple", lambda: left + ())
attempt("tuple + t", lambda: () + left)
attempt("t + list", lambda: left + [])
attempt("t + interpolation", lambda: left + Interpolation(1, "x"))
attempt("interpolation + t", lambda: Interpolation(1, "x") + left)
attempt("t + object", lambda: left + object())
attempt("object + t", lambda: object() + left)


class Other:
    def __radd__(self, other):
        return "Other.__radd__ got " + type(other).__name__

    def __add__(self, other):
        return "Other.__add__ got " + type(other).__name__


class Plain:
    pass


attempt("t + Other", lambda: left + Other())
attempt("Other + t", lambda: Other() + left)
attempt("t + Plain", lambda: left + Plain())
attempt("Plain + t", lambda: Plain() + left)


def attempt_type(label, thunk):
    """Only the exception's type: the interpreter writes these messages and
    names the runtime's classes by their short name before 3.14 (see the
    docstring of fstring_backport/templatelib.py)."""
    try:
        thunk()
    except Exception as e:
        print(label, "->", type(e).__name__)


attempt_type("t * 2", lambda: left * 2)
attempt_type("t - t", lambda: left - right)
attempt_type("-t", lambda: -left)
attempt_type("t < t", lambda: left < right)
attempt_type("len(t)", lambda: len(left))
attempt_type("t[0]", lambda: left[0])
attempt_type("i + i", lambda: left.interpolations[0] + left.interpolations[0])


def augmented_str():
    s = "text"
    s += left
    return s


def augmented_t():
    u = t"x"
    u += "text"
    return u


attempt("str += t", augmented_str)
attempt("t += str", augmented_t)
attempt("sum", lambda: sum([left, right], t""))
attempt("sum with str start", lambda: sum([left, right]))
attempt("equal", lambda: left == t"a{x}b")
attempt("identity equal", lambda: left == left)
attempt("in", lambda: "a" in left)
