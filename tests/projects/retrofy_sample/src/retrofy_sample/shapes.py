"""Shapes and routes, told apart by match statements."""

from dataclasses import dataclass


@dataclass
class Point:
    x: float
    y: float


@dataclass
class Circle:
    centre: Point
    radius: float


@dataclass
class Rect:
    corner: Point
    opposite: Point


def describe(subject: object) -> str:
    match subject:
        case Point(x=0, y=0):
            return "the origin"
        case Point(x=x, y=0):
            return f"on the x axis at {x}"
        case Point(x=x, y=y):
            return f"point {f"({x}, {y})"}"
        case Circle(centre=Point(x=cx, y=cy), radius=r) if r > 2:
            return f"large circle at {cx},{cy} of radius {r:.{2}f}"
        case Rect(corner=Point(x=x1, y=y1), opposite=Point(x=x2, y=y2)):
            return f"rect {abs(x2 - x1)}x{abs(y2 - y1)}"
        case None:
            return "nothing"
        case 0 | 1:
            return "a bit"
        case int(n) if n < 0:
            return f"negative {-n}"
        case int(n):
            return f"number {n}"
        case str(text):
            return f"text {text!r}"
        case [x, y]:
            return f"pair {x!r} {y!r}"
        case [first, *rest]:
            return f"{first} then {len(rest)} more"
        case {"name": str(name), **rest}:
            return f"{name} with {", ".join(sorted(rest))}"
        case {"kind": kind}:
            return f"kind {kind}"
        case _:
            return f"other {type(subject).__name__}"


def route(path: str) -> str:
    match path.strip("/").split("/"):
        case [""]:
            return "home"
        case ["users"]:
            return "all users"
        case ["users", name]:
            return f"user {name}"
        case ["users", name, "posts", post] if post.isdigit():
            return f"post {int(post)} of {name}"
        case _:
            return "not found"
