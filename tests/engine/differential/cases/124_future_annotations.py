# F-strings in annotations under from __future__ import annotations.
from __future__ import annotations
def f(x: int = 1) -> str:
    return f"{x!r}{"\n"!r}"
print(f())
v: int = 3
print(f"{__annotations__["v"]}")
