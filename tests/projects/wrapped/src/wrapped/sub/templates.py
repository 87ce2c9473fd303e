"""A 3.14 t-string, and the Template it makes, read back."""

from string.templatelib import Interpolation, Template


def render(template: Template) -> str:
    parts = []
    for item in template:
        if isinstance(item, Interpolation):
            value = repr(item.value) if item.conversion == "r" else item.value
            parts.append(format(value, item.format_spec))
        else:
            parts.append(item)
    return "".join(parts)


def values():
    name, width = "Ann", 6
    template = t"Hi {name!r:>{width}} and {"\t".join(["x", "y"])}!"
    return [
        render(template),
        list(template.strings),
        [[i.expression, i.conversion, i.format_spec] for i in template.interpolations],
        type(template).__name__,
    ]
