# An error in a field after a comment line.
x = 0
s = f"""{x  # comment
    + 1 / x  # boom
}"""
