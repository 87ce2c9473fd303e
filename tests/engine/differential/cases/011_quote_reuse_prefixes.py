# Quote reuse with every f-prefix spelling: f F rf fR Rf FR.
d = {"k": "v"}
print(f"{d["k"]}")
print(F"{d["k"]}")
print(rf"{d["k"]}\n")
print(fR"{d["k"]}\t")
print(Rf'{d['k']}\d')
print(FR'''{d['''k''']}\w''')
print(rF"{f"{d["k"]}"}\x")
