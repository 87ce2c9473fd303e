# A multi-line comprehension with comments inside a single-quoted f-string.
words = ["apple", "kiwi", "banana"]
print(f"{", ".join(
    w.upper()  # shout
    for w in words  # every word
    if len(w) > 4  # long ones only
)}")
