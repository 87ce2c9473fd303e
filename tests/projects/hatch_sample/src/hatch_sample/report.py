"""Comments in multi-line replacement fields, nested specs, debug text."""

WIDTH = 7
ROWS = [{"name": "Ada", "score": 9.5}, {"name": "Grace", "score": 10}]


def table(rows):
    return [
        f"{row["name"]:<8}|{
            row["score"]  # the points
            * 2:>{WIDTH}.{1 + 1}f}|"
        for row in rows
    ]


def values():
    return [*table(ROWS), f"{ROWS[0]["name"]=}", f"{ROWS[1]["score"] = :>5}"]
