# Comments inside fields that sit in format specs.
x = 3.14159
w = 12
print(f"{x:{w # width
}.2f}|")
print(f"""{x:>{w # width
}}|""")
