# Comments in fields of nested f-strings.
x = 9
print(f"""{f"{x # inner comment
}"}""")
print(f"{f"{x # inner
}" # outer
}")
