# The dataclasses.py pattern: escapes in the literal parts of a nested f-string.

def render(decorator, name):
    return f'{f' {decorator}\n' if decorator else ''} def {name}(self):'
print(repr(render("@property", "x")))
print(repr(render("", "y")))
def render2(lines):
    return f"{f"\t{lines[0]}\n" if lines else ""}end"
print(repr(render2(["body"])))
print(repr(render2([])))
