# A class as first statement after a docstring; its f-strings need constants.
"""Module docstring before a class; f-strings need constants."""
class C:
    sep = "\t"
    def show(self, xs):
        return f"{self.sep.join(xs)}|{"\n"!r}"
print(C().show(["a", "b"]))
print(__doc__)
