# F-strings needing lowering in static methods, property setters and __init_subclass__.

class Base:
    registry = []
    def __init_subclass__(cls, **kw):
        Base.registry.append(f"{cls.__name__}{"\N{BULLET}"}")
class Temp(Base):
    def __init__(self):
        self._c = 0.0
    @staticmethod
    def unit():
        return f"{"\N{DEGREE SIGN}"}C"
    @property
    def c(self):
        return self._c
    @c.setter
    def c(self, v):
        self.log = f"{self._c!r} -> {v!r}{"\n"}"
        self._c = v
t = Temp()
t.c = 21.5
print(Base.registry, Temp.unit(), repr(t.log))
