"""A top-level module written with Python 3.14 t-strings."""

number = 1


def sample():
    return t"single {number + 1}{number!a}"
