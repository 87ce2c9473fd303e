# Realistic: a tiny template engine with escapes and conditional sections.
import re
def render(tpl, ctx):
    def sub(m):
        key, _, filt = m.group(1).partition("|")
        val = ctx.get(key.strip(), f"{{{{missing {key.strip()!r}}}}}")
        return f"{str(val).upper() if filt.strip() == "upper" else val}"
    return re.sub(r"\{\{(.*?)\}\}", sub, tpl)
tpl = f"{"Hello {{ name | upper }}!"}\n{"\t"}You have {{{{ count }}}} {"new message" + "s"}.\n{{{{ nope }}}}"
print(tpl)
print(render(tpl, {"name": "ada", "count": 3}))
