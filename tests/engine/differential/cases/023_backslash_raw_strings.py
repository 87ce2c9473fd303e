# Raw strings with backslashes inside fields (regular expressions).
import re
text = "a1b22c333"
print(f"{re.findall(r"\d+", text)}")
print(f'{re.sub(r'\d', '#', text)}')
print(f"{r"\d"} {len(r"\d")}")
print(f"{R"C:\new\table"}")
print(f"{rb"\x00"!r}")
