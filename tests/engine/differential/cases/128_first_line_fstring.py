print(f"{"first line"}: {"\n".join(["a", "b"])}")  # F-string on line 1 of the module.
print(f"{"second"}")
