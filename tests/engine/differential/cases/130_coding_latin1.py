# -*- coding: latin-1 -*-
# A latin-1 encoded module: non-ASCII text in f-strings (café, naïve).
d = {"clé": "été"}
print(f"{d["clé"]} {"naïve"!r} {"\xe9"}")
print(f"{"\n".join(["à", "ç"])}")
