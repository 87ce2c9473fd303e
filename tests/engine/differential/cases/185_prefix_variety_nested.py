# Every f-prefix spelling, nested inside each other with quote reuse.
v = "v"
print(F"{f"{v}"}{Rf"\{v}"}{fR"{v}\n"}")
print(FR"{rF"{F"{v!r}"}\d"}\w")
print(rf'{Fr'{v}'}\x{fr'\y'}')
print(f"""{Rf"""\{v}"""}""")
