# Debug expressions with format specs: format(), not repr().
x = 1
print(f"{x=:>5}|")
print(f"{x = :05d}|")
d = {"v": 2.5}
print(f"{d["v"]=:.3f}")
print(f"{d["v"] = !r:>8}|")
