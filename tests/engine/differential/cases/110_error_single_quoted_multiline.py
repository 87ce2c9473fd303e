# An error in a multi-line field of a single-quoted f-string.
x = 1
print(f"{x
}")
y = f"{x +
    int("nope")
}"
