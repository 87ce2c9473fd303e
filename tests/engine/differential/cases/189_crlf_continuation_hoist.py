# CRLF endings with line continuations and hoisted constants in fields.
x = 1
print(f"{x + \
2}")
print(repr(f"{"a\tb" + \
"c"}"))
print(f"""{"\n".join(["p", "q"])
}""")
