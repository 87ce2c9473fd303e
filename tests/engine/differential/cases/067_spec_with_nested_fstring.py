# Nested f-strings inside format specs, with quote reuse.
x = 255
print(f"{x:{f"{"#"}x"}}")
print(f"{x:{f"0{8}b"}}")
print(f"{x:{f"{"0"}>{10}"}}")
