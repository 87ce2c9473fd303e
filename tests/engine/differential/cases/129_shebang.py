#!/usr/bin/env python3
# A module with a shebang line and f-strings that need constants.
print(f"{"\t".join(["a", "b"])!r}")
print(f"{"x"}")
