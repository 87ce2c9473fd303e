# F-strings needing lowering in async functions, awaits inside fields.
import asyncio
async def get(k):
    await asyncio.sleep(0)
    return {"k": k}
async def main():
    r = await get("x")
    print(f"{r["k"]}")
    print(f"{(await get("y"))["k"]}\t|")
    vals = [f"{(await get(i))["k"]}" for i in range(3)]
    print(vals)
    async def agen():
        for i in range(2):
            yield f"{i}\n"
    print([f"{s!r}" async for s in agen()])
asyncio.run(main())
