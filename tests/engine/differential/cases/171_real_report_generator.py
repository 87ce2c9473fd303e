# Realistic: a sales report generator using 3.12 f-strings heavily.
SALES = [
    {"region": "north", "rep": "Ada", "units": 120, "price": 9.5},
    {"region": "south", "rep": "Bob", "units": 80, "price": 12.25},
    {"region": "north", "rep": "Cy", "units": 45, "price": 30.0},
    {"region": "east", "rep": "Di", "units": 0, "price": 5.0},
]

def money(v):
    return f"{"$"}{v:,.2f}"

def row(r, widths):
    return f"{r["region"]:<{widths["region"]}} | {r["rep"]:^{widths["rep"]}} | {r["units"]:>{widths["units"]}d} | {money(r["units"] * r["price"]):>12}"

def report(rows):
    widths = {k: max(len(k), *(len(f"{r[k]}") for r in rows)) for k in ("region", "rep", "units")}
    header = f"{"region":<{widths["region"]}} | {"rep":^{widths["rep"]}} | {"units":>{widths["units"]}} | {"revenue":>12}"
    lines = [header, f"{"-" * len(header)}"]
    lines += [row(r, widths) for r in sorted(rows, key=lambda r: (r["region"], r["rep"]))]
    totals = {}
    for r in rows:
        totals[r["region"]] = totals.get(r["region"], 0) + r["units"] * r["price"]
    lines.append(f"{"=" * len(header)}")
    lines += [f"{f"{k}:":<8}{money(v):>14}{" (none)" if not v else ""}" for k, v in sorted(totals.items())]
    lines.append(f"{"TOTAL":<8}{money(sum(totals.values())):>14}")
    return f"{"\n".join(lines)}"

print(report(SALES))
