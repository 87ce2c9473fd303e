"""docs/architecture.md draws the package: every module of src/ and no
other, each under its own folder."""

import re

from support.pythons import REPO

PACKAGE = REPO / "src" / "fstring_backport"


def drawn_paths():
    text = (REPO / "docs" / "architecture.md").read_text("utf-8")
    tree = text.split("```text\nsrc/fstring_backport/\n", 1)[1].split("```", 1)[0]
    folders = []
    for line in tree.splitlines():
        entry = re.match(r"^((?:│   |    )*)[├└]── (\S+)", line)
        if entry:
            depth = len(entry.group(1)) // 4
            name = entry.group(2)
            del folders[depth:]
            yield "/".join(folders + [name.rstrip("/")])
            if name.endswith("/"):
                folders.append(name.rstrip("/"))


def test_the_tree_names_every_module():
    modules = {
        str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py") if "__pycache__" not in path.parts
    }
    drawn = {path for path in drawn_paths() if path.endswith(".py")}
    assert sorted(modules - drawn) == [], "modules the tree leaves out"
    assert sorted(drawn - modules) == [], "modules the tree names that are gone"
