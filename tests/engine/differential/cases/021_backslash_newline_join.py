# Backslash escapes in str literals inside fields: "\n".join and friends.
a = ["x", "y", "z"]
print(f'{"\n".join(a)}')
print(f"{"\t".join(a)}|")
print(f"{"\\".join(a)}")
print(f'{'\''.join(a)}')
print(f"{"\"".join(a)}")
print(f"{len("\n\n")}")
