# A ZeroDivisionError in the third field of a multi-line f-string.
def g(n):
    return {"k": n}
print("before")
s = f"""first {g(1)["k"]}
second {g(2)["k"]}
third {g(3)["k"] / 0}
fourth"""
print(s)
