# u-prefixed strings concatenated with f-strings.
d = {"k": "é"}
print(u"u:" f"{d["k"]}" u'!')
print(f"{d["k"]}" U"\N{BULLET}")
