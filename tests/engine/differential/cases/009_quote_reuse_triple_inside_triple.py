# Triple-quoted strings nested in triple-quoted f-strings of the same kind.
x = 5
print(f"""{"""inner"""} {x}""")
print(f"""{f"""{x}"""} and {"""y"""}""")
print(f'''{'''a'b'''}''')
print(f"""{"""two
lines"""}""")
