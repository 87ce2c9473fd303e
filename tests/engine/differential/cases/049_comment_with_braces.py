# Comments in fields that contain braces.
x = 1
print(f"{x # {not a field}
}")
print(f"{x + 1 # }}}}
}")
print(f"""{x # {{ }} {x}
}""")
