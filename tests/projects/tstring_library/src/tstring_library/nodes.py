"""A tree of HTML elements, annotated as Python 3.14 allows: a class names a
class defined after it, and names imported only for the type checker."""

from typing import TYPE_CHECKING, List, Optional, Union

from tstring_library.markup import Markup, html

if TYPE_CHECKING:
    from decimal import Decimal  # annotations only


class Element:
    tag: str
    children: List[Node]  # Node: defined at the end of the module
    parent: Optional[Element]

    def __init__(self, tag: str, *children: Node, attributes: Optional[dict] = None) -> None:
        self.tag = tag
        self.children = list(children)
        self.attributes = attributes or {}
        self.parent = None
        for child in self.children:
            if isinstance(child, Element):
                child.parent = self

    def add(self, child: Node) -> Element:
        self.children.append(child)
        return self

    def price(self, amount: Decimal) -> Text:  # Decimal: TYPE_CHECKING only
        return Text(f"{amount:.2f}")

    def render(self) -> Markup:
        inner = Markup("").join_all([child.render() for child in self.children])
        attributes = Markup("".join(html(t' {name}="{value}"') for name, value in sorted(self.attributes.items())))
        return html(t"<{Markup(self.tag)}{attributes}>{inner}</{Markup(self.tag)}>")


class Text:
    text: str

    def __init__(self, text: str) -> None:
        self.text = text

    def render(self) -> Markup:
        return html(t"{self.text}")


Node = Union[Element, Text]


def tree(name: str, count: int) -> Element:
    """A page greeting ``name``, with ``count`` items."""
    items = [Element("li", Text(f"item {i}")) for i in range(count)]
    return Element(
        "div",
        Element("p", Text(f"Hello, {name}!")),
        Element("ul", *items),
        attributes={"class": "greeting", "data-name": name},
    )
