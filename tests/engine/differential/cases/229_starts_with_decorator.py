@type
def kind():
    pass


print(kind.__name__, f"{"\N{BULLET}" + "'\""}")
