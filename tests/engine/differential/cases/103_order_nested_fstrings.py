# Evaluation order across nested f-strings needing lowering.
log = []
def t(x):
    log.append(x)
    return x
print(f"{t("a")}{f"{t("b")}{f"{t("c")}"}"}{t("d")}")
print(f'{t('e')!r:{t('>')}{t(5)}}')
print(log)
