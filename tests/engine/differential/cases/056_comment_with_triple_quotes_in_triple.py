# Comments holding triple quotes and braces inside triple-quoted f-strings.
x = 2
print(f"""
start {x  # a """ comment with }{ braces
} end
""")
