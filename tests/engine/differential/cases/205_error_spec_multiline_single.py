# An exception inside a spec field of a single-quoted f-string spanning lines.
x = 5
w = {"w": 3}
print(f"{x:{w["w"]
}}|")
print(f"{x:{
    w["nope"]  # missing key
}}")
