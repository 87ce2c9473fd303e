"""Tests written with Python 3.14 t-strings."""

from string.templatelib import Template

from fruit import tag


def test_template(basket):
    name = basket[0]["name"]
    template = t"Buy {name!r:>8} now"
    assert isinstance(template, Template)
    assert template.strings == ("Buy ", " now")
    assert template.interpolations[0].expression == "name"


def test_template_fails(basket):
    template = t"{basket[1]["name"]}"
    assert template.values == (f"{basket[0]["name"]}",)


def test_tag_from_a_helper(basket):
    (field,) = tag(basket[0]).interpolations
    assert (field.value, field.conversion, field.format_spec) == ("apple", "s", ">6")
