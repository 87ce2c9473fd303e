"""The code blocks of README.md and docs/: which are examples, and the
commands of a ```console block with what each prints (CONTRIBUTING.md,
"Documentation")."""

import re
from pathlib import Path
from typing import Iterator, List, NamedTuple, Tuple

from .pythons import REPO

PAGES = [REPO / "README.md"] + sorted((REPO / "docs").rglob("*.md"))

FENCE = re.compile(r"^```(\w*)([^\n]*)\n(.*?)^```[ \t]*$", re.M | re.S)
TITLE = re.compile(r'title="([^"]+)"')


class Block(NamedTuple):
    page: Path
    line: int
    language: str
    title: str
    text: str

    @property
    def name(self) -> str:
        return f"{self.page.relative_to(REPO)}:{self.line}"


def blocks(page: Path) -> Iterator[Block]:
    text = page.read_text(encoding="utf-8")
    for match in FENCE.finditer(text):
        language, info, body = match.groups()
        title = TITLE.search(info)
        line = text.count("\n", 0, match.start()) + 1
        yield Block(page, line, language, title.group(1) if title else "", body)


def commands(block: Block) -> List[Tuple[str, str]]:
    """[(command, expected output)] of a ```console block."""
    found: List[Tuple[str, List[str]]] = []
    for line in block.text.splitlines(keepends=True):
        if line.startswith("$ "):
            found.append((line[2:].rstrip("\n"), []))
        else:
            assert found, f"{block.name}: output before any $ command"
            found[-1][1].append(line)
    return [(command, "".join(output)) for command, output in found]
