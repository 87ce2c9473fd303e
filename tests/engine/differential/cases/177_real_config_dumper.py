# Realistic: dumping a nested config as INI-like text with escapes.
CONFIG = {
    "server": {"host": "0.0.0.0", "port": 8080, "motd": "Hello\tWorld\n"},
    "paths": {"root": "C:\\srv", "logs": "/var/log/app"},
    "flags": {"debug": False, "workers": 4},
}
def dump(cfg):
    out = []
    for section in sorted(cfg):
        out.append(f"[{section}]")
        for key, val in sorted(cfg[section].items()):
            shown = f"{val!r}" if isinstance(val, str) and any(c in val for c in "\t\n\\") else f"{val}"
            out.append(f"{key:<8}= {shown}{f"  ; {type(val).__name__}" if not isinstance(val, str) else ""}")
        out.append("")
    return f"{"\n".join(out).rstrip("\n")}"
print(dump(CONFIG))
