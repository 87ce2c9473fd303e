# Escaped quote characters inside nested strings.
print(f"{"\"quoted\""}")
print(f'{'it\'s'}')
print(f"{'\''}{"\""}")
print(f"{"a\"b" + 'c\'d'}")
