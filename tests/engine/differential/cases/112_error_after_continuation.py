# An error after a line continuation in a field.
x = None
s = f"{1 + \
x}"
