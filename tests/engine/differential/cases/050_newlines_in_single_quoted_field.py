# Line breaks inside fields of single-quoted f-strings, without comments.
items = [1, 2, 3]
print(f"{sum(
    items
)}")
print(f'{[
    i * 2
    for i in items
]}')
print(f"total={
len(items)
}")
