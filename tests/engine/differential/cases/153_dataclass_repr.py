# A dataclass with f-strings needing lowering in __repr__ and __str__.
from dataclasses import dataclass, field
@dataclass
class Item:
    name: str
    tags: list = field(default_factory=list)
    def __str__(self):
        return f"{self.name}[{", ".join(self.tags)}]"
    def label(self):
        return f"{f"{self.name!r}"}{"\N{BULLET}".join(self.tags)}"
i = Item("pen", ["red", "blue"])
print(i)
print(repr(i))
print(i.label())
