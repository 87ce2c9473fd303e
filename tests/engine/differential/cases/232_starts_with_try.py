try:
    value = f"{"\u00e9\\n" = }"
except NameError:
    value = None
print(value)
