# Python 3.12 f-strings that Python 3.8-3.11 reject.
songs = {"title": "Blue in Green", "artist": "Miles Davis"}
names = ["Ada", "Grace", "Guido"]

print(f"Now playing: {songs["title"]} by {songs["artist"]}")
print(f"Guests:\n{"\n".join(f"  - {name}" for name in names)}")
print(f"{
    len(names)  # comments are fine inside a replacement field
} guests, {f"{f"{len(songs)}"}"} song fields")
