print(f"{"\n".join([1, 2])}")  # An exception raised by an f-string on line 1.
