# Debug expressions in raw f-strings: escapes in the text are not processed.
print(rf"{"\n"=}")
print(Rf"{len("\t")=}")
print(fr'{'\d'=}')
