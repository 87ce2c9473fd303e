# Debug expressions with !a and non-ASCII escapes in their text.
s = "ü\u2603"
print(f"{s=!a}")
print(f"{"\u2603"=!a}")
print(f"{"\N{SNOWMAN}" + s = !a:>20}|")
