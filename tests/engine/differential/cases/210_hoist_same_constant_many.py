# The same escaped constant used in many places, quote kinds varying.
a = ["x", "y"]
print(f"{"\n".join(a)}|{'\n'.join(a)}|{"""\n""".join(a)}")
print(f"{"\n" == '\n'}{"\n".join(a) == '\n'.join(a)}")
