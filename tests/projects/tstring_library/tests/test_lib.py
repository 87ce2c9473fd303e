"""The library's own tests, in Python 3.14 syntax: t-strings, ``except A, B:``
and annotations that name a class defined further down; and its command
line, run in a child process.

Run by pytest, or as a script (``python tests/test_lib.py``), which runs
every test and prints one line each.
"""

import subprocess
import sys
import typing
from string.templatelib import Interpolation, Template

import tstring_library
from tstring_library import Element, Markup, Text, html, to_int, tree


class Card:
    title: Title  # defined below: 3.14 evaluates annotations lazily

    def __init__(self, title: Title, note: str = "") -> None:
        self.title = title
        self.note = note

    def render(self) -> Markup:
        return html(t"<h1>{self.title.text}</h1>{self.note!r:>6}")


class Title:
    def __init__(self, text: str) -> None:
        self.text = text


def test_values_are_escaped():
    evil = "<script>&"
    assert html(t"<p>{evil}</p>") == "<p>&lt;script&gt;&amp;</p>"


def test_markup_and_templates_are_not_escaped():
    bold = Markup("<b>x</b>")
    inner = t"<i>{'<'}</i>"
    assert html(t"{bold}{inner}") == "<b>x</b><i>&lt;</i>"


def test_conversions_and_specs():
    pi, word = 3.14159, "café"
    assert html(t"{pi:.2f}|{word!r}|{word!a:>12}|{pi = }") == "3.14|&#x27;café&#x27;|   &#x27;caf\\xe9&#x27;|pi = 3.14159"


def test_a_template_is_3_14s():
    template = t"a{1}b"
    assert type(template) is Template and type(template).__module__ == "string.templatelib"
    assert tstring_library.Template is Template
    assert [type(item) is Interpolation for item in template] == [False, True, False]
    assert template.strings == ("a", "b") and template.values == (1,)


def test_tree():
    page = tree("Ann <3", 2)
    assert page.render() == (
        '<div class="greeting" data-name="Ann &lt;3"><p>Hello, Ann &lt;3!</p>'
        "<ul><li>item 0</li><li>item 1</li></ul></div>"
    )
    assert page.children[0].parent is page
    assert Element("b").add(Text("x")).render() == "<b>x</b>"


def test_to_int():
    assert [to_int("12"), to_int("x"), to_int(None, 7)] == [12, 0, 7]


def test_several_exception_types_without_brackets():
    caught = []
    for error in (KeyError("k"), IndexError(1), ValueError("v")):
        try:
            try:
                raise error
            except KeyError, IndexError:
                caught.append(type(error).__name__)
        except ValueError as exc:
            caught.append("outer " + str(exc))
    assert caught == ["KeyError", "IndexError", "outer v"]


def test_lazy_annotations():
    assert Card(Title("T"), "n").render() == "<h1>T</h1>   &#x27;n&#x27;"
    assert typing.get_type_hints(Card.__init__) == {"title": Title, "note": str, "return": type(None)}
    assert typing.get_type_hints(Card) == {"title": Title}


def test_the_command_line_in_a_child_process():
    child = subprocess.run(
        [sys.executable, "-m", "tstring_library", "Ann <3", "1"], capture_output=True, text=True
    )
    assert child.returncode == 0, child.stderr
    assert child.stdout.splitlines() == [
        '<div class="greeting" data-name="Ann &lt;3"><p>Hello, Ann &lt;3!</p><ul><li>item 0</li></ul></div>',
        "<footer>by tstring_library</footer><!--     &#x27;Ann &lt;3&#x27; -->",
        "a|b",
    ]


if __name__ == "__main__":
    for name, test in sorted(globals().items()):
        if name.startswith("test_"):
            test()
            print(name, "passed")
