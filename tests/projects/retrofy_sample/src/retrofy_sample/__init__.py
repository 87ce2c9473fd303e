"""A library written for Python 3.12: match statements, type parameters and
the type statement (which retrofy lowers), and 3.12 f-strings (which
fstring-backport lowers)."""

from .generic import Box, first, largest, pairs
from .shapes import Circle, Point, Rect, describe, route

__all__ = ["Box", "Circle", "Point", "Rect", "describe", "first", "largest", "pairs", "route", "values"]


def values() -> list[str]:
    """What the library computes, as text."""
    shapes = [Point(0, 0), Point(3, 0), Point(2, 5), Circle(Point(1, 1), 2.5), Rect(Point(0, 0), Point(4, 2))]
    subjects = [None, 0, 7, -2, "hi", [1, 2], (1, 2, 3, 4), {"name": "ada", "age": 36}, {"kind": "x"}, 3.5]
    return [
        *[describe(shape) for shape in shapes],
        *[describe(subject) for subject in subjects],
        *[f"{path!r} -> {route(path)}" for path in ("/", "/users", "/users/ada", "/users/ada/posts/7", "/x/y")],
        f"{first([3, 1, 2])=} {first([])=}",
        f"{largest({"a": 3, "b": 9, "c": 1})!r}",
        f"{Box(41).map(lambda n: n + 1)!r} {Box("s").get():>{4}}",
        f"{", ".join(f"{a}{b}" for a, b in pairs("abcd"))}",
    ]
