"""Quotes reused inside replacement fields, and the order of __format__ calls."""

CALLS = []


class Logged:
    def __init__(self, name):
        self.name = name

    def __format__(self, spec):
        CALLS.append(f"format {self.name} {spec!r}")
        return f"<{self.name}:{spec}>"


settings = {"name": "demo", "width": 8}
VALUES = [
    f"{settings["name"]}",
    f"{settings["name"]!r:>{settings["width"]}}",
    f"{Logged("a"):{Logged("b")}x} {Logged("c")}",
    f"{", ".join(f"{key}={settings[key]}" for key in sorted(settings))}",
    f"{settings["width"] = }",
]
VALUES.append(" | ".join(CALLS))
