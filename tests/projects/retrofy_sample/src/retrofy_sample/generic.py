"""Generic code written with type parameters and type statements (PEP 695)."""

from collections.abc import Callable, Iterable

type Pair[T] = tuple[T, T]
type Scores = dict[str, int]


def first[T](items: list[T]) -> T | None:
    return items[0] if items else None


def largest(scores: Scores) -> tuple[str, int]:
    name = max(scores, key=lambda key: scores[key])
    return name, scores[name]


def pairs[T](items: Iterable[T]) -> list[Pair[T]]:
    it = iter(items)
    return list(zip(it, it))


class Box[T]:
    def __init__(self, value: T) -> None:
        self.value = value

    def get(self) -> T:
        return self.value

    def map[U](self, function: Callable[[T], U]) -> "Box[U]":
        return Box(function(self.value))

    def __repr__(self) -> str:
        return f"Box({self.value!r})"
