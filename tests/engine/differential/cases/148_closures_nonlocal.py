# F-strings needing lowering in closures using nonlocal and global names.
counter = 0
def outer():
    prefix = "n"
    count = 0
    def inner():
        nonlocal count
        global counter
        count += 1
        counter += 10
        return f"{prefix}{count}:{counter}{"\n"!r}"
    return inner
fn = outer()
print(fn(), fn())
