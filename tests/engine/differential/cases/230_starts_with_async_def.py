async def lines(items):
    return f"{"\r\n".join(items)!r}"


import asyncio

print(asyncio.run(lines(["a", "b"])))
