# Common idiom: joining items with a separator in the same quote kind.
items = ["a", "b", "c"]
print(f"{", ".join(items)}")
print(f'({', '.join(items)})')
print(f"{"-".join(f"{i}" for i in range(4))}")
print(f"[{", ".join(f"{k}={v!r}" for k, v in {"x": 1, "y": "z"}.items())}]")
