# A KeyError from a field that reuses the quote, on a later line.
d = {"k": 1}
print(f"{d["k"]}")
out = (
    f"{d["k"]}"
    f"{d["nope"]}"
)
# py38-lineno-bug: Python 3.8 reports another line here, even for code written for 3.8.
