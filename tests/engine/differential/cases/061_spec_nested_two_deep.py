# Format specs nested two deep: f'{x:{y:{z}}}'.
x = 12.5
y = 10
z = "d"
print(f'{x:{y:{z}}}|')
w = 9
print(f"{x:>{w:{"d"}}}|")
fill = "*"
print(f"{x:{fill:{1}}^{y}}")
