# F-strings needing lowering in raise statements; the last is uncaught.
AppError = ValueError
def check(cfg):
    if "name" not in cfg:
        raise AppError(f"missing {"name"!r} in {sorted(cfg)}")
    return f"{cfg["name"]}"
print(check({"name": "x"}))
try:
    check({})
except AppError as e:
    print(f"{type(e).__name__}: {e}")
check({"other": 1})
