# Two-deep specs combined with debug expressions.
x = 2.5
y = 9
z = ""
print(f"{x=:{y:{z}}}|")
print(f"{x = :>{y:{z}}}|")
print(f"{x=!r:{y:{z}}}|")
