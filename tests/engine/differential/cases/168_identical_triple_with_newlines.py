# Valid before 3.12: line breaks in fields of a triple-quoted f-string (unchanged).
x = 2
print(f"""{
x
+
1
}""")
print(f'''{'a'}''')
