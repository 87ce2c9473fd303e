# Valid before 3.12: braces inside nested strings (must come back unchanged).
print(f"{'{'}{'}'}")
print(f"{'{x}'.format(x=1)}")
