# Blank lines and indentation inside fields.
x = 1
print(f"{

    x

}")
print(f'''{
        x
            + 2
}''')
