# Raw f-strings with two-deep specs.
x = "r"
y = 5
z = ""
print(rf"\{x:{y:{z}}}\|")
print(Rf"{x:>{y:{z}}}\n")
