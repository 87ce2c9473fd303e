x = {"k": 1}; print(f"{x["k"]}{"\n"!r}")  # Semicolon-separated statements on line 1.
print(f"{x["k"] + 1}")
