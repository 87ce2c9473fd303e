# Multi-line dict and call expressions inside fields.
print(f"{ {
    "a": 1,
    "b": 2,
}["b"] }")
print(f'{dict(
    x=1,
    y='two',
)}')
