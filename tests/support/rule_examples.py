"""An example of each rule of ``--check``: a program that breaks that rule
alone, for a target just before the Python that first reads it, and where."""

# code -> (program, line, column of the problem)
EXAMPLES = {
    "FB101": ('d = {"k": 1}\nprint(f"{d["k"]}")\n', 2, 12),
    "FB102": ("a = ['x', 'y']\nprint(f\"{'\\n'.join(a)}\")\n", 2, 11),
    "FB103": ('x = 1\nprint(f"""{x  # note\n}""")\n', 2, 15),
    "FB104": ('x = 1\nprint(f"{x +\n 1}")\n', 2, 13),
    "FB105": ('x = 1\nprint(f"""{x + \\\n 1}""")\n', 2, 16),
    "FB106": ('x, y, z = 1, 5, ""\nprint(f"{x:{y:{z}}}|")\n', 2, 15),
    "FB107": ('x = "a"\nprint(f"{x!r }")\n', 2, 13),
    "FB108": ('w = ""\nprint(f"{1:{w}{{>5}")\n', 2, 15),
    "FB201": ("print(f\"{'''a'b''' + '#'=}\")\n", 1, 25),
    "FB202": (
        (
            'class V:\n    def __repr__(self):\n        print("repr"); return "v"\n'
            'def w():\n    print("width"); return 3\n'
            'print(f"{V()!r:>{w()}}")\n'
        ),
        6, 13,
    ),
    "FB301": ('x = 1\nprint(repr(t"{x}"))\n', 2, 12),
    "FB401": ("try:\n    {}[1]\nexcept KeyError, IndexError:\n    print('caught')\n", 3, 8),
    "FB402": ("from contextlib import nullcontext as c\nwith (c(1) as a, c(2) as b):\n    print(a + b)\n", 2, 1),
    "FB403": ("def deco(f):\n    return f\nfns = [deco]\n@fns[0]\ndef g():\n    return 'g'\nprint(g())\n", 4, 1),
    "FB404": ("print({y := 1, 2})\n", 1, 10),
    "FB405": ("a, b = [1], [2]\nfor x in *a, *b:\n    print(x)\n", 2, 10),
    "FB406": ("a = [1, 2]\nprint(a[y := 1])\n", 2, 11),
    "FB407": ("match 1:\n    case 1:\n        print('one')\n", 1, 1),
    "FB408": ("try:\n    raise ExceptionGroup('g', [ValueError()])\nexcept* ValueError:\n    print('caught')\n", 3, 1),
    "FB409": ("a = {(1, 2): 'x'}\nb = (1, 2)\nprint(a[*b])\n", 3, 9),
    "FB410": ("def f(*args: *tuple[int, ...]):\n    return args\nprint(f(1))\n", 1, 14),
    "FB411": ("def f[T](x: T) -> T:\n    return x\nprint(f(1))\n", 1, 6),
    "FB412": ("type X = int\nprint(X.__value__)\n", 1, 1),
    "FB413": ("def f[T = int]():\n    return T.__default__\nprint(f())\n", 1, 9),
    "FB414": ("lazy import json\nprint(json.dumps(1))\n", 1, 1),
    "FB415": ("print([*x for x in [[1], [2]]])\n", 1, 8),
    "FB416": ("class C:\n    type X = [str(n) for n in range(2)]\nprint(C.X.__value__)\n", 2, 5),
}
