# Realistic: progress bars and percentages with nested specs.
tasks = {"download": (37, 50), "extract": (10, 10), "install": (0, 7)}
W = 20
for name, (done, total) in tasks.items():
    frac = done / total
    bar = f"{"#" * round(frac * W):{"."}<{W}}"
    print(f"{name:>{max(map(len, tasks))}} [{bar}] {frac:>{7}.{1}%} {f"({done}/{total})":>8}{" ✓" if done == total else ""}")
