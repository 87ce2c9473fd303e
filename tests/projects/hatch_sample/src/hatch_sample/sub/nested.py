"""F-strings nested in f-strings with the same quotes."""

PI = 3.14159
SETTINGS = {"a": 1, "b": "two"}


def values():
    return [
        f"{f"{f"{PI:.2f}"}"}",
        f"{"-".join(f"{i:0>2}" for i in range(3))}",
        f"{", ".join(f"{key}={value!r}" for key, value in SETTINGS.items())}",
        f"{f"{"nested"!r:>{len(f"{PI}")}}"}",
    ]
