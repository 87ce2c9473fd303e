"""Render a Template to HTML: interpolated values are escaped, Markup is not."""

import html as _html
from string.templatelib import Interpolation, Template, convert
from typing import TYPE_CHECKING, List, Union

if TYPE_CHECKING:
    from tstring_library.nodes import Element  # for the type checker only: a cycle at run time


class Markup(str):
    """Text that is HTML already."""

    def join_all(self, parts: List[Markup]) -> Markup:  # Markup: this very class, not yet defined
        return Markup(self.join(parts))


def html(template: Template, *, strict: bool = False) -> Markup:
    """The HTML of ``template``: its strings as they are, its values escaped."""
    if not isinstance(template, Template):
        raise TypeError(f"html() takes a Template, not {type(template).__name__}")
    out: list[str] = []
    for item in template:
        if isinstance(item, Interpolation):
            out.append(_value(item, strict))
        else:
            out.append(item)
    return Markup("".join(out))


def _value(item: Interpolation, strict: bool) -> str:
    value = item.value
    if isinstance(value, Markup):
        return value
    if isinstance(value, Template):
        return html(value, strict=strict)
    if hasattr(value, "render"):
        return value.render()
    text = format(convert(value, item.conversion), item.format_spec)
    if strict and not text.isprintable():
        raise ValueError(f"not printable: {text!r}")
    return _html.escape(text)


def to_int(text: Union[str, bytes, None], default: int = 0) -> int:
    """``int(text)``, or ``default`` where it is no number."""
    try:
        return int(text)
    except ValueError, TypeError:  # PEP 758: no brackets needed from 3.14 on
        return default


def render_element(element: Element) -> Markup:  # Element: imported only for the type checker
    return element.render()
