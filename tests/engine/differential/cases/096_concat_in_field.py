# Implicit concatenation inside a field, mixing quote kinds.
print(f"{"a" "b" 'c'}")
print(f"{("x"
         "y")}")
print(f"{"p" f"{"q"}" "r"}")
