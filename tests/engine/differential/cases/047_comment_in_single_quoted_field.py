# Comments and newlines in fields of single-quoted f-strings.
x = 4
print(f'{x # note
}')
print(f"{
    x  # comment
    + 1
}")
print(f"[{x # a
}|{x * 3 # b
}]")
