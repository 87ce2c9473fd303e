# Tabs around and inside fields.
d = {"k":	"v"}
print(f"{	d["k"]	}")
if True:
	print(f"{d["k"]	=	}")
	print(f"{	d[	"k"	]!r}	|")
print(repr(f"{"\t"}	x"))
