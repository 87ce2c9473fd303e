# Nested functions in methods do not see class names; f-strings use module names.
name = "module"
class A:
    name = "class"
    def m(self):
        def inner():
            return f"{name}|{self.name}|{"\t"!r}"
        return inner()
    lam = [lambda: f"{name}" for _ in range(1)][0]
print(A().m(), A.lam())
