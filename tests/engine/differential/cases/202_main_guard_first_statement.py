# An if __name__ guard as the first statement, after a blank line.

if __name__ == "__main__":
    d = {"k": "v"}
    print(f"{d["k"]}{"\n"!r}")
