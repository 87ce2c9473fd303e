# A long line with many fields, each needing lowering.
d = {str(i): i for i in range(10)}
print(f"{d["0"]}{d["1"]}{d["2"]}{d["3"]}{d["4"]}{d["5"]}{d["6"]}{d["7"]}{d["8"]}{d["9"]}{"\n".join("ab")}{"\t"!r}{d["9"]:>{d["3"]}}{d["1"]=}")
