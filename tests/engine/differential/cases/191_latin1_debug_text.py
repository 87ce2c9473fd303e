# -*- coding: latin-1 -*-
# Latin-1 module with debug expressions whose text has latin-1 characters.
d = {"clé": "à"}
print(f"{d["clé"]=}")
print(f"{"é\t"=}")
