# Path-like replacements with escaped backslashes.
p = "C:\\Users\\ada\\file.txt"
print(f"{p.replace("\\", "/")}")
print(f"{p.split("\\")[-1]}")
print(f"{"line1\nline2".splitlines()}")
print(f"{p.count("\\")}")
