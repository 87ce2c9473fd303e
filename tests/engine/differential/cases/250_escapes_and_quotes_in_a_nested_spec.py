# A spec's field with text in its own spec that old Pythons take there as
# it is (an escape, a quote), quote reuse around it, and fields too deep
# for old Pythons whose conversion runs before their spec's fields.
from case_helpers import LOG, Loud


def w():
    LOG.append("w")
    return 4


a, n = 3, 1
d = {"k": Loud("k")}
print(f'{d['k']:^{a:\x3e5}}')
print(f'{d['k']:^{a:\'>5}}', f"{d["k"]:{a:'<5}}")
try:
    print(f'{d['k']:^{a!a:\x3e5}}')
except ValueError as e:
    print("ValueError")
try:
    print(rf'\d{d['k']:{d['k']:{a!r:\x3e5}}}' f"{n}")  # raw: the spec is a backslash and "x3e5"
except ValueError as e:
    print("ValueError")
print(F"{F"{F'{d['k']!r :\x3e{w()}}'!r }"!r}")  # every quote taken: '%r' a constant
print(LOG)
