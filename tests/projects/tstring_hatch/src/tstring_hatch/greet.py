"""T-strings beside 3.12 f-strings, in one module."""

PEOPLE = [{"name": "Bo", "age": 41}, {"name": "Cy", "age": 7}]


def line(person):
    return t"{person["name"]:<4}|{person["age"]:>3}|"


def values():
    from tstring_hatch import render

    rows = [render(line(p)) for p in PEOPLE]
    return [*rows, f"{len(rows)} rows: {" / ".join(rows)}"]
