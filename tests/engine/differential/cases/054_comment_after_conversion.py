# Comments and line breaks after a conversion character.
x = "s"
print(f"{x!r # repr
}")
print(f"""{x!s
}""")
print(f"{x
!r}")
