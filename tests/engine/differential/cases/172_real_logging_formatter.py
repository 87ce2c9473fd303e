# Realistic: a logging formatter built from 3.12 f-strings (no timestamps).
import logging
import io

class Fmt(logging.Formatter):
    COLORS = {"INFO": "i", "WARNING": "w", "ERROR": "e"}

    def format(self, record):
        extra = getattr(record, "ctx", {})
        ctx = f"{" ".join(f"{k}={v!r}" for k, v in sorted(extra.items()))}"
        base = f"[{self.COLORS.get(record.levelname, "?")}] {record.levelname:<7} {record.name}: {record.getMessage()}"
        return f"{base}{f" {{{ctx}}}" if ctx else ""}"

stream = io.StringIO()
handler = logging.StreamHandler(stream)
handler.setFormatter(Fmt())
log = logging.getLogger("app.core")
log.addHandler(handler)
log.setLevel(logging.INFO)
log.propagate = False
log.info("started %s", f"{"v"}{1}")
log.warning(f"{"disk"} at {93.5:.1f}%", extra={"ctx": {"dev": "sda", "mount": "/"}})
log.error(f"{"\t".join(["tab", "sep"])!r}", extra={"ctx": {"code": 7}})
log.debug("hidden")
print(stream.getvalue(), end="")
