# A nested string whose text contains the quote it needs.
print(f"{"it's"}")
print(f'{'say "hi"'}')
print(f"{"it's"} and {'say "hi"'}")
print(f'{'it\'s'}')
print(f"{"""both ' and " """}")
print(f'{'''both ' and " '''}')
print(f"{'a"b'.split('"')}")
