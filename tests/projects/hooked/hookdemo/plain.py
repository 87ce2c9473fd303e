"""No f-string at all: compiled exactly as Python would compile it."""

VALUES = ["plain " + str(40 + 2)]
