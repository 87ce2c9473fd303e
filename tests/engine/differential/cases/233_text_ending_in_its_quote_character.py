# A nested f-string requoted to a triple quote keeps text that ends in that
# quote's character: `a""` before `"""` would end the string early.


class Spec:
    def __format__(self, spec):
        return "<" + spec + ">"


x = Spec()
print(f'''{x:{F'{1
}a""'}}''')
print(f"{x:{f'{1
}""'}}")
print(rf"""{x:{rF'{1
}a""'}}""")
template = t'''{x:{F'{1
}a""'}}'''
print(template.interpolations[0].format_spec)
