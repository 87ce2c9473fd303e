# F-strings in a class body using class-level names.

class Config:
    name = "svc"
    opts = {"port": 80, "host": "h"}
    label = f"{name}@{opts["host"]}:{opts["port"]}"
    joined = f"{"\n".join(opts)}"
print(Config.label)
print(Config.joined)
