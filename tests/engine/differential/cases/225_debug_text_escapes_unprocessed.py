# Escapes in debug text are shown as written, even where the field is rewritten.
a = ["p", "q"]
print(f'{"\n".join(a)=}')
print(f"{'\t'=}")
print(f"{'\N{BULLET}'=}")
print(f"{b'\x00'=}")
print(f'{r"\d"=}')
print(rf'{"\n".join(a)=}')
print(f"{'\\'=}")
