# Format specs holding colons, '#', '!', quotes and \N escapes, with lowered fields.
import datetime
d = {"t": datetime.time(13, 5, 9), "v": 255, "s": "ab"}
print(f"{d["t"]:%H:%M:%S}")
print(f"{d["v"]:#x}|{d["v"]:#010b}")
print(f"{d["s"]:!<5}|{d["s"]:'^6}|{d["s"]:\"^6}|")
print(f"{d["s"]:\N{BULLET}^7}|")
BULLET = "B"
print(rf"\N{BULLET}{d["s"]}")
print(f"{d["s"]!r:\N{BULLET}>{6}}")
