# A module that imports string.templatelib and writes no t-string literal:
# the import works on every Python the output runs on.
from string.templatelib import Interpolation, Template, convert

greeting = Template("Hello, ", Interpolation("World", "name", "r", ">9"), "!")
print(repr(greeting))
print(greeting.values, list(greeting))
print(convert(greeting.values[0], greeting.interpolations[0].conversion))
print(Template.__module__, Interpolation.__name__)
