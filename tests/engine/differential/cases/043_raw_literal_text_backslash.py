# Raw f-string literal text keeps backslashes while fields need lowering.
d = {"k": "v"}
print(rf"\n{d["k"]}\t{d["k"]}\\")
print(Rf'\{d['k']}\d+')
print(fr"{d["k"]}\{{x}}")
