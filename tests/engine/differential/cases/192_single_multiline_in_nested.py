# A single-quoted f-string with a multi-line field nested in a triple-quoted one.
x = 4
print(f"""<{f'{x
+ 1}'}>""")
print(f"""{f"{x # comment
}"}""")
