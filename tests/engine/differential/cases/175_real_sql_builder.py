# Realistic: an SQL query builder that quotes identifiers and values.

def ident(name):
    return f"{"\""}{name.replace("\"", "\"\"")}{"\""}"

def value(v):
    if v is None:
        return "NULL"
    if isinstance(v, str):
        return f"'{v.replace("'", "''")}'"
    return f"{v!r}"

def select(table, cols, where=None, order=None, limit=None):
    sql = f"SELECT {", ".join(ident(c) for c in cols)} FROM {ident(table)}"
    if where:
        sql += f" WHERE {" AND ".join(f"{ident(k)} {"IS" if v is None else "="} {value(v)}" for k, v in where.items())}"
    if order:
        sql += f" ORDER BY {", ".join(f"{ident(c.lstrip("-"))} {"DESC" if c.startswith("-") else "ASC"}" for c in order)}"
    return f"{sql}{f" LIMIT {limit:d}" if limit is not None else ""};"

print(select("users", ["id", "na\"me"], {"city": "O'Hare", "deleted": None, "age": 30}, ["-age", "id"], 10))
print(select("t", ["x"]))
