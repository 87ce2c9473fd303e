# Chains of subscripts and method calls with reused quotes.
cfg = {"db": {"host": "localhost", "ports": [5432, 5433]}, "name": "app"}
print(f"{cfg["db"]["host"]}:{cfg["db"]["ports"][0]}")
print(f'{cfg['name'].title()} on {cfg['db']['host'].upper()}')
print(f"{cfg.get("missing", "default")}")
print(f"{cfg["db"].get("user", "nobody")!r}")
