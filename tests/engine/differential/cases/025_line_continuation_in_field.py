# Backslash-newline line continuations inside replacement fields.
x = 1
y = 2
print(f'{x + \
y}')
print(f"{x \
+ \
y}")
print(f"{[x,
\
y]}")
total = f"{x * 10 + \
  y * 100}"
print(total)
