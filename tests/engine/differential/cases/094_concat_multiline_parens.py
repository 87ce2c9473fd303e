# Concatenation across lines inside parentheses.
user = {"name": "Ada", "id": 7}
msg = (
    f"user {user["name"]} "
    "has id "
    f"{user["id"]:03d}"  # comment between pieces
    f'{'!'}'
)
print(msg)
