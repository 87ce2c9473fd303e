# Comments inside replacement fields of triple-quoted f-strings.
x = 4
print(f"""{x  # the value
}""")
print(f'''{
    x * 2  # doubled
    + 1    # plus one
}''')
print(f"""a {x # one
} b {x + 1 # two
} c""")
