# Realistic: structured logging with t-strings: one template gives the
# human message and a JSON record of the values, keyed by expression.
import json
from dataclasses import dataclass
from string.templatelib import Interpolation, Template, convert

from case_helpers import render


@dataclass
class User:
    name: str
    id: int


message = render  # the human message


def values(template: Template) -> dict:
    out = {}
    for item in template.interpolations:
        value = item.value
        if isinstance(value, Template):
            out[item.expression] = values(value)
        elif isinstance(value, User):
            out[item.expression] = {"name": value.name, "id": value.id}
        else:
            out[item.expression] = value
    return out


def log(level: str, template: Template) -> None:
    print(f"{level:<5} {message(template)}")
    print(f"{"":<5} {json.dumps({"level": level, "values": values(template)}, sort_keys=True, default=repr)}")


user = User("Ada", 7)
items = {"apples": 3, "pears": 12}
elapsed = 0.123456
log("INFO", t"user {user.name!r} (id {user.id:04d}) logged in")
log("DEBUG", t"cart of {user.name}: {len(items)} kinds, {sum(items.values())} items in {elapsed * 1000:.1f} ms")
for fruit, count in sorted(items.items()):
    log("INFO", t"{fruit:>8}: {count:3d} {"unit" if count == 1 else "units"}")
where = t"at {__name__!s}"
log("WARN", t"slow request ({elapsed=:.3f}) {where}")
try:
    {}["missing"]
except KeyError as error:
    log("ERROR", t"lookup failed: {type(error).__name__}: {error!s} for {user}")
