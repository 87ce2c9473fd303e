# Empty specs and conversions with empty specs in lowered f-strings.
d = {"k": 2}
print(f"{d["k"]:}|{d["k"]!r:}|{d["k"]=:}|{d["k"]=!r:}")
print(f"{d["k"]:=^10}|{d["k"]!r:=^10}")
