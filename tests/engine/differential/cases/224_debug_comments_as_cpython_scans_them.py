# Debug text loses its comments as CPython finds them: by counting quotes.
x, y = 10, 2
d = {"k": 1}
print(f"""{x # note
=}""")
print(f"""{x = # after the equals
}""")
print(f"""{'''a'b''' # kept: the quotes are miscounted
=}""")
print(f"""{'''a'b''' + '#'=}""")
print(f"""{'\\' # a
+ 'b' # c
=}""")
print(f"""{x # it's
 + y # z
=}""")
print(f"""{f'{x # in
}' # out
=}""")
print(f"""{d["k"] # with quote reuse
=}""")
