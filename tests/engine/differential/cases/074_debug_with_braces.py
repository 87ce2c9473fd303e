# Debug expressions whose text contains braces.
print(f"{ {"a": 1}["a"] = }")
print(f"{ {1: 2} = }")
print(f"{ [{}, {1}][1] = }")
print(f"{ {'x': {'y': 1}}['x'] = }")
