"""F-strings nested with the same quotes, deeper than old Pythons allow."""

from hookdemo.quotes import settings

depth = 5
VALUES = [
    f"{f"{f"{f"{f"{depth}"}"}"}"}",
    f"{f"{settings["name"]:>{depth}}"}",
    f"{"a" if f"{depth}" == "5" else "b"}",
    f"{depth:{f"{depth}"}}|",
]
