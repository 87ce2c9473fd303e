# F-strings needing lowering inside methods, properties and classmethods.

class User:
    kind = "user"
    def __init__(self, data):
        self.data = data
    def __repr__(self):
        return f"User({self.data["name"]!r})"
    @property
    def line(self):
        return f"{self.data["name"]}\t{self.data["age"]}"
    @classmethod
    def describe(cls):
        return f"{cls.__name__}: {cls.kind!r} {"\N{BULLET}"}"
u = User({"name": "Ada", "age": 36})
print(repr(u), repr(u.line), User.describe())
