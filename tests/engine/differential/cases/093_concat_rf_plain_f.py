# rf, plain and f pieces concatenated, with nesting in each.
n = 2
print(rf"{n}\n" "\t|" f"{f"{n}"}" Rf'{'\\'}')
print(fR"{"x"}" F"{'y'}" "z")
