# Escapes in conditional expressions inside fields.

for flag in (True, False):
    print(repr(f"{"\n" if flag else "\t"}|{"yes\\" if flag else "no\\"}"))
