# Debug expressions reusing quotes inside raw f-strings.
d = {"k": 1}
print(rf"{d["k"]=}")
print(rf'{d['k'] = }\n')
print(Rf"{d["k"]=!r:>4}\t")
print(fR"\{d["k"] = :03d}\\")
