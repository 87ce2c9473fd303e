# A generator consumed inside an f-string field, with side effects.
log = []
def gen():
    for i in range(3):
        log.append(f"yield {i}")
        yield i
g = gen()
print(f"{next(g)}{"-"}{next(g)}{"-"}{list(g)}")
print(log)
