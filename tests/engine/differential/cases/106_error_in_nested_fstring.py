# An exception raised inside a nested f-string on a later line.
d = {"a": 1}
print(f"ok {d["a"]}")
print(f"""x {
    f"{d["b"]}"
}""")
