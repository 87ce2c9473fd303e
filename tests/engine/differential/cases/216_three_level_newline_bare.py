# Line breaks in the innermost of three bare nested single-quoted f-strings.
x = 1
print(f"{f"{f"{x
+ 1}"}"}")
print(f'<{f'[{f'({x # comment
})'}]'}>')
