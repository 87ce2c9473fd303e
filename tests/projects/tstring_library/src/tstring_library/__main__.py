"""``python -m tstring_library NAME [COUNT]``: print a page for NAME."""

import sys

from tstring_library import Element, Markup, Text, html, to_int, tree


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: python -m tstring_library NAME [COUNT]", file=sys.stderr)
        return 2
    name = argv[0]
    count = to_int(argv[1] if len(argv) > 1 else None, default=2)
    page = tree(name, count)
    print(page.render())
    footer = Element("footer", Text("by tstring_library"))
    print(html(t"{footer}<!-- {name!r:>12} -->"))
    print(Markup("|").join_all([Markup("a"), Markup("b")]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
