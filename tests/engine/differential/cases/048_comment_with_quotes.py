# Comments in fields that contain quote characters.
x = "v"
print(f"{x # it's a "comment"
}")
print(f'{x # don't stop at this ' or this "
}!')
print(f"""{x # here is a """ inside
}""")
print(f'''{x # and ''' here
}''')
