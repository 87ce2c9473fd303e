if __name__ == "__main__":
    data = {"k": b"\x00"}
    print(f"{data["k"] + b"\xff%"!r}")
