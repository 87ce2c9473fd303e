"""The lowering rules, one by one: what transpile() writes and where.

These tests pin the shape of the output: lines, columns, temporaries,
idempotence.  Every output written out here also runs on Python 3.8 as its
source runs on 3.15 (test_differential.py does the same for whole programs).
"""

import subprocess
import sys
import warnings

import pytest

from fstring_backport import TranspileError, transpile
from fstring_backport.engine.lexer import tokenize
from fstring_backport.engine.parsed import LineIndex
from fstring_backport.engine.pipeline import find_problems
from fstring_backport.engine.safety import check_output, host_reads_fstrings_as_315

from support.pythons import oracle, originals_and_pinned, syntax_errors


def lower(src):
    out = transpile(src, (3, 8))
    assert out.count("\n") == src.count("\n")
    assert transpile(out, (3, 8)) == out  # idempotent
    return out


def run_oracle(src):
    return subprocess.run(
        [oracle(), "-c", src], stdout=subprocess.PIPE, text=True, check=True
    ).stdout


def run_here(src):
    return subprocess.run(
        [sys.executable, "-c", src], stdout=subprocess.PIPE, text=True, check=True
    ).stdout


# Sources that Python 3.8 reads as 3.15 does, so come back as they are.
# 3.8-3.11 print the last as 3.15 does (3.12.1 and 3.13.0 did not).
ACCEPTED_BY_38 = [
    "x = f\"{'#'}\" + f\"{'{'}\" + f\"{'}'}\"\n",
    "x = f'''{'a'}''' + f'{x:{y}}' + f'{x = }' + f'{x=!r:>5}'\n",
    "x = rf'\\{x}' + f'{{x}}' + f'a\\n{b}\\t'\n",
    "x = f\"\"\"{f'''{f\"{f'{x}'}\"}'''}\"\"\"\n",
    "def f(x):\n    return f'{x!r}'\r\n",
    "x = f\"{a!=b=}\" + rf'{x:\\x3e5}' + f\"{'#'=}\" + f'{x!r:>8}{y:{w}}'\n",
]


@pytest.mark.parametrize("src", ACCEPTED_BY_38)
def test_what_38_accepts_comes_back_byte_identical(src):
    assert transpile(src, (3, 8)) == src
    assert transpile(src.encode(), (3, 8)) == src.encode()


def test_target_312_and_later_returns_input():
    src = 'x = f"{d["k"]}"\n'
    assert transpile(src, (3, 12)) == src
    assert transpile(src, "3.13") == src


# 3.13 and later read these otherwise than 3.12: 3.12 evaluates a spec's
# fields before it converts the value (FB202), and rejects "{{" after a
# spec's field, which 3.13 reads as a brace (FB108).  A 3.12 target lowers
# them, and only them; a 3.8 one lowers them too.
READ_OTHERWISE_BEFORE_313 = {
    "x = f'{a!r:{w()}}' + f'{d[\"k\"]}'\n": "FB202",
    'x = f"{f"{a!s:>{w()}}"!r:{w()}} {a!r}"\n': "FB202",
    "x = f'{x:{y}{{z}' + f'{d[\"k\"]}'\n": "FB108",
    "x = f'''{x :{y}{{#}{b = }''' + f'{x:{y}{{{y}}'\n": "FB108",
    "x = f'{a!s:{\"\"}{{>9}'\n": "FB202",  # the fill character is the brace
}


@pytest.mark.parametrize("target", ["3.8", "3.12"])
def test_what_313_reads_otherwise_is_lowered_for_312_too(target):
    cases = []
    for src, code in READ_OTHERWISE_BEFORE_313.items():
        out = transpile(src, target)
        assert out != src and out.count("\n") == src.count("\n")
        assert transpile(out, target) == out and transpile(src, "3.13") == src
        assert code in {rule.code for _, _, rule in find_problems(src, target)}
        assert find_problems(src, "3.13") == []
        if target == "3.12":  # what 3.12 reads as 3.13 does is left as it is
            assert out.endswith(" + f'{d[\"k\"]}'\n") == src.endswith(" + f'{d[\"k\"]}'\n")
        cases.append((target, SETUP, src + PROBE, out + PROBE))
    for expected, got in originals_and_pinned(cases):
        assert expected[1] is None and got == expected


# What transpile() writes for 3.8, written out by hand: name -> (3.12
# source, its lowering).  Each lowering runs on 3.8 as its source does on
# 3.15 (test_the_pinned_lowerings_run_on_38_as_their_sources_on_315).
FIVE_LEVELS = 'f"{f"{f"{f"{f"{x}"!r}"!r}"!r}"!r}"'

LOWERED = {
    "quote reuse swaps the nested quotes only": (
        'x = f"{d["k"]} and {d["j"]!r:>5}"\n',
        "x = f\"{d['k']} and {d['j']!r:>5}\"\n",
    ),
    "constants after the docstring and future imports": (
        '"""Doc."""\nfrom __future__ import annotations\n\nx = f\'{"\\n".join(a)}\'\n',
        (
            '"""Doc."""\nfrom __future__ import annotations; _fstring_backport_0 = "\\n"\n\n'
            "x = f'{_fstring_backport_0.join(a)}'\n"
        ),
    ),
    "constants on a blank line before the first statement": (
        "# a comment\n\ndef f(a):\n    return f'{\"\\t\".join(a)}'\n",
        "# a comment\n_fstring_backport_0 = \"\\t\"\ndef f(a):\n    return f'{_fstring_backport_0.join(a)}'\n",
    ),
    "constants in front of a first simple statement": (
        "import os; x = f'{\"\\t\".join(a)}'\n",
        "_fstring_backport_0 = \"\\t\"; import os; x = f'{_fstring_backport_0.join(a)}'\n",
    ),
    "constants inline in a module opening with a compound statement": (
        "def f(a):\n    return f'{\"\\t\".join(a)}'\n",
        "def f(a):\n    return f'{(\"%c\" % (9,)).join(a)}'\n",
    ),
    # Line 1 must stay a comment for the cookie on line 2 to count.
    "constants inline above a coding cookie": (
        '# c\n# -*- coding: latin-1 -*-\ndef f(a):\n    return f"{"\\n".join(a)}"\n',
        "# c\n# -*- coding: latin-1 -*-\ndef f(a):\n    return f\"{('%c' % (10,)).join(a)}\"\n",
    ),
    "temporary names never collide": (
        "_fstring_backport_0 = 1\nx = f'{\"\\t\".join(a)}'\n",
        "_fstring_backport1_0 = \"\\t\"; _fstring_backport_0 = 1\nx = f'{_fstring_backport1_0.join(a)}'\n",
    ),
    "comments dropped and single quotes made triple on the same lines": (
        "x = f'{a # the first\n + b}'\ny = 1\n",
        "x = f'''{a\n + b}'''\ny = 1\n",
    ),
    "a line continuation in a field becomes a line break": (
        "x = f'{a + \\\n b}'\n",
        "x = f'''{a + \n b}'''\n",
    ),
    "a two-deep spec becomes a nested f-string": (
        "x = f'{x:{y:{z}}}'\n",
        "x = f'{x:{f\"{y:{z}}\"}}'\n",
    ),
    "debug text that changes becomes literal text": (
        'x = f"{d["k"] = }"\n',
        "x = f\"d[\\\"k\\\"] = {d['k'] !r}\"\n",
    ),
    # Escapes as written, "#" in a string kept, "!=" kept.
    "debug text as 3.15 shows it": (
        'x = f"{"\\n"=}{d["#"]=}{d["k"]!=b=}"\n',
        (
            "_fstring_backport_0 = \"\\n\"; "
            "x = f\"\\\"\\\\n\\\"={_fstring_backport_0!r}d[\\\"#\\\"]={d['#']!r}d[\\\"k\\\"]!=b={d['k']!=b!r}\"\n"
        ),
    ),
    # The conversion runs before the fields of the spec, as on 3.13 and later.
    "a conversion with fields in its spec": (
        "x = f'{a!r:>{w()}}|{a!s:{w()}}|{a!r:>8}'\n",
        "x = f'{(\"%r\" % ((a),)):>{w()}}|{(\"%s\" % ((a),)):{w()}}|{a!r:>8}'\n",
    ),
    # A debug field in a spec, converted first, its empty spec kept.
    "a converted debug field with an empty spec, in a spec": (
        "x = rf'{x:{['']=!a:}}'\n",
        "_fstring_backport_0 = \"['']=\"; x = rf'{x:{_fstring_backport_0}{(\"%a\" % (([\"\"]),)):}}'\n",
    ),
    # Where no quote is left, an f-string is its text and fields joined,
    # each field a call of format on its value, converted first.
    "the fifth level of f-strings as calls of format": (
        'x = "z"\nx = ' + FIVE_LEVELS + "\n",
        (
            "_fstring_backport_0 = '%r'; _fstring_backport_f = format; _fstring_backport_j = ''.join; x = \"z\"\n"
            "x = f\"{f'{_fstring_backport_f((_fstring_backport_0 % ((_fstring_backport_f("
            "(_fstring_backport_0 % ((_fstring_backport_f((x))),)))),)))!r}'!r}\"\n"
        ),
    ),
    # Here the fields of a spec two deep, in the third level of f-strings.
    "a spec's fields as calls of format": (
        'b = 1\nx = f"{(f"{(f"{x:{a!r:{w}}-{b=:{w}}.{x:{x:\\}}}")}")}"\n',
        (
            "_fstring_backport_0 = '%r'; _fstring_backport_1 = '-'; _fstring_backport_2 = 'b='; "
            "_fstring_backport_3 = '.'; _fstring_backport_4 = '\\\\'; "
            "_fstring_backport_f = format; _fstring_backport_j = ''.join; b = 1\n"
            "x = f\"{(f'{(_fstring_backport_f((x), _fstring_backport_j(("
            "_fstring_backport_f((_fstring_backport_0 % ((a),)), _fstring_backport_f((w))), _fstring_backport_1, "
            "_fstring_backport_j((_fstring_backport_2, _fstring_backport_f((b), _fstring_backport_f((w))))), "
            "_fstring_backport_3, _fstring_backport_f((x), _fstring_backport_f((x), _fstring_backport_4))))))}')}\"\n"
        ),
    ),
    # A line break in a field stays in its call, an f-string's triple-quoted.
    "line breaks kept in the calls": (
        'b = 1\nx = f"{(f"""{(f"{x:{x:{y\n}}}")}""")}"\n',
        (
            "_fstring_backport_f = format; _fstring_backport_j = ''.join; b = 1\n"
            "x = f\"\"\"{(f'''{(_fstring_backport_f((x), "
            "_fstring_backport_f((x), _fstring_backport_f((y\n)))))}''')}\"\"\"\n"
        ),
    ),
}


@pytest.mark.parametrize("name", LOWERED)
def test_pinned_lowerings(name):
    src, expected = LOWERED[name]
    assert lower(src) == expected


# What the sources above use, run first in the same namespace: the order
# in which repr(), str() and the fields of a spec run is logged, and x
# shows the spec it is given.
SETUP = """\
log = []
class A(list):
    def __repr__(self): log.append('repr'); return 'A'
    def __str__(self): log.append('str'); return 'S'
    def __add__(self, other): return 'A+' + str(other)
class W:
    def __call__(self): log.append('w'); return 3
    def __format__(self, spec): return '4'
class X:
    def __repr__(self): return 'X'
    def __format__(self, spec): return '<' + spec + '>'
a, b, d, w, x, y, z = A(['p', 'q']), 2, {'k': 'K', 'j': 'J', '#': 'H'}, W(), X(), '>9', ''
"""
# What they computed.
PROBE = "\nprint(repr(x), log, f(['p', 'q']) if 'f' in globals() else None)\n"


def test_the_pinned_lowerings_run_on_38_as_their_sources_on_315():
    cases = [(SETUP, src, src) for src in ACCEPTED_BY_38] + [(SETUP, src, pinned) for src, pinned in LOWERED.values()]
    results = originals_and_pinned([("3.8", setup, src + PROBE, pinned + PROBE) for setup, src, pinned in cases])
    for (_, src, _), (expected, got) in zip(cases, results):
        assert expected[1] is None, (src, expected)
        assert got == expected, src


def test_untouched_code_keeps_its_columns_and_lines():
    src = 'import os\nx = f"{d["k"]}"  # note\ny = 2\n'
    out = lower(src)
    assert out.splitlines()[0] == "import os"
    assert out.splitlines()[2] == "y = 2"
    assert out.splitlines()[1].endswith("  # note")


def test_shebang_and_coding_cookie_stay_first():
    src = "#!/usr/bin/env python\n# -*- coding: utf-8 -*-\n\nx = f'{\"\\t\".join(a)}'\n"
    out = lower(src)
    assert out.splitlines()[:2] == src.splitlines()[:2]
    assert out.splitlines()[2].startswith("_fstring_backport_0 = ")


def test_no_builtin_names_are_added():
    src = 'x = f"{"\\n".join(a)!r:{"\\t"}>{w}} {d["k"]=} {f"{f"{f"{f"{y}"}"}"}"}"\n'
    out = lower(src)
    names_in = {t.text for t in tokenize(src) if t.kind == "NAME"}
    names_out = {t.text for t in tokenize(out) if t.kind == "NAME"}
    assert {n for n in names_out - names_in if not n.startswith("_fstring_backport")} == set()


@pytest.mark.parametrize(
    "src",
    [
        "x = f'''{a  # note\n}'''\n",
        "x = f'{a\t# note\n + b}'\n",
        "x = f'''{  # first\n a}'''\n",
        "x = f'''{a\n    # a line of its own\n}'''\n",
        "x = f\"{[a,  # one\n  b]}\"\n",
        "x = f'''{'a'  # between strings\n  'b'}''' + f'{d[\"k\"]  # c\n}'\n",
        "x = f'''{a  # c\n=}''' + f'{a  # c\n!r:>{b  # d\n}}'\n",
    ],
)
def test_a_dropped_comment_leaves_no_trailing_blanks(src):
    out = lower(src)
    for before, after in zip(src.splitlines(), out.splitlines()):
        if "#" in before:
            assert after == after.rstrip(" \t"), (before, after)
        else:
            assert after.lstrip(" \t") and len(after) - len(after.lstrip()) == len(before) - len(before.lstrip())
    prelude = "a, b, d = 1, 2, {'k': 3}\n"
    assert run_here(prelude + out + "print(repr(x))") == run_oracle(prelude + src + "print(repr(x))")


def test_crlf_files_stay_crlf():
    src = b"x = f'{a # c\r\n + b}'\r\ny = f\"{d[\"k\"]}\"\r\n"
    out = transpile(src, (3, 8))
    assert out.count(b"\r\n") == src.count(b"\r\n")
    assert b"\n" not in out.replace(b"\r\n", b"")


def test_deep_nesting_beyond_four_quotes_is_flattened():
    src = 'x = f"{f"{f"{f"{f"{f"{y}"}"}"}"}"}"\n'
    out = lower(src)
    prelude = "y = 'v'\n"
    assert run_here(prelude + out + "print(x)") == run_oracle(prelude + src + "print(x)")


def test_tokens_stay_on_their_lines():
    src = 'x = f"""{\n  a  # c\n  + d["k"]\n}"""\nz = 3\n'
    out = lower(src)
    for kind_text_line in [("NAME", "a", 2), ("NAME", "d", 3), ("NAME", "z", 5)]:
        kind, text, line = kind_text_line
        lines = LineIndex(out)
        positions = [lines.position(t.offset)[0] for t in tokenize(out) if t.kind == kind and t.text == text]
        assert positions == [line]


def test_the_safety_net_refuses_output_that_differs():
    if not host_reads_fstrings_as_315():
        # Older Pythons (and 3.12.1, 3.13.0) only check that the rewritten lines compile.
        with pytest.raises(TranspileError):
            check_output("x = 1\n", "x = (\n", {}, [(1, 1)], "m.py")
        return
    with pytest.raises(TranspileError):
        check_output('x = f"{a}"\n', 'x = f"{b}"\n', {}, [(1, 1)], "m.py")
    check_output('x = f"{d["k"]}"\n', "x = f\"{d['k']}\"\n", {}, [(1, 1)], "m.py")


@pytest.mark.parametrize(
    "src, inline",
    [
        # Five levels with conversions: each level needs its own kind of
        # quote, or, for the fifth, names for its text and format.
        ('x = "z"\nprint(' + FIVE_LEVELS + ")\n", True),
        ("def f(x):\n    return " + FIVE_LEVELS + "\n", False),  # no line to bind a name on
    ],
)
def test_what_cannot_be_lowered_is_an_error_that_says_why(src, inline):
    with pytest.raises(TranspileError) as info:
        transpile(src, (3, 8), filename="m.py", inline_constants=inline)
    assert "cannot lower" in info.value.msg
    # Without inline-constants, what is missing is a line for names.
    assert ("add a blank line or a docstring above the first statement" in info.value.msg) is not inline
    assert info.value.filename == "m.py"
    if sys.version_info >= (3, 12):
        compile(src, "m.py", "exec")  # valid 3.12, so the refusal is ours


def test_temporaries_are_module_globals():
    # The one visible trace of hoisting (documented in README).
    src = '"""Doc."""\nprint(f"{"\\n".join(["a", "b"])}")\nNAMES = sorted(globals())\n'
    namespace = {}
    exec(compile(lower(src), "m.py", "exec"), namespace)
    assert [n for n in namespace["NAMES"] if n.startswith("_fstring")] == ["_fstring_backport_0"]


@pytest.mark.parametrize("src", ["x = f'{x:>3\n}'\ny = 2\n", "x = 5\ny = f'{x=:>3\n}'\n"])
def test_a_line_break_ending_a_single_quoted_spec_is_refused_as_315_refuses_it(src):
    # 3.12.1 accepted these; 3.13.18 and later reject them.
    with pytest.raises(TranspileError) as info:
        transpile(src, (3, 8))
    assert info.value.msg == "f-string: newlines are not allowed in format specifiers for single quoted f-strings"


def test_checking_the_output_warns_of_nothing():
    # An invalid escape in a constant the rewrite binds to a name: Python
    # warns of it when it compiles the output, never when the engine checks it.
    source = 'print(f"{"a\\d" + "\\n"}")\n'
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        lowered = transpile(source, (3, 8))
    assert "_fstring_backport_0" in lowered


# More f-strings nested around a line break in a field's code than old
# Pythons have triple quotes for: the break moves after the f-string, as a
# line continuation, and the lines below keep their numbers.
DEEP_LINE_BREAKS = [
    'x = f"{(f"{(f"{[1]}{{}}{\nb}""")}""")!r}"\ny = 2\n',
    "x = f\"{(f\"{(f\"{['']}{{}}{\nb}\"\"\")}\"\"\")!r}{{{['']:{a}}\"\n",
    'x = (f"{f"{(f"{\nb}" + "")}" + "."}",\n  b)\n',
    'x = f"{f"{f"{b\n}"!r}"!r}"\n',  # three levels deep, only two kinds of triple quote
]


def test_line_breaks_nested_too_deep_move_after_the_fstring():
    cases = []
    for src in DEEP_LINE_BREAKS:
        out = transpile(src, "3.8")
        assert out.count("\n") == src.count("\n") and transpile(out, "3.8") == out
        for target in ("3.8", "3.11"):
            cases.append((target, "a, b = '', 1\n", src + "print(repr(x))\n", out + "print(repr(x))\n"))
    for expected, got in originals_and_pinned(cases):
        assert expected[1] is None and got == expected


def test_a_bad_escape_met_while_moving_line_breaks_is_an_error():
    # The escape is read only on the try that moves the breaks; 3.15 rejects it too.
    src = 'x = f"{f"{f"{\nb}\\N{BULLE}"}"}"\n'
    with pytest.raises(TranspileError) as info:
        transpile(src, "3.8")
    assert "unknown Unicode character name" in info.value.msg
    (on_315,) = syntax_errors(oracle(), [src])
    assert on_315 is not None and "unknown Unicode character name" in on_315[0]


CALLS_SETUP = """\
log = []
class V:
    def __init__(self, name): self.name = name
    def __repr__(self): log.append('repr ' + self.name); return self.name.upper()
    def __str__(self): log.append('str ' + self.name); return self.name
    def __format__(self, spec): log.append('format ' + self.name + ' ' + repr(spec)); return '<' + spec + '>'
class Spec:
    def __format__(self, spec): log.append('format spec ' + repr(spec)); return '5'
def value(name): log.append('value ' + name); return V(name)
w = Spec()
"""


@pytest.mark.parametrize("target", ["3.8", "3.11"])
def test_fields_formatted_by_calls_run_as_on_315(target):
    """Values, conversions and __format__ calls in 3.15's order, with the
    builtin format, however the module binds the name (the safety net on
    3.14+ checks the output too)."""
    src = (
        '"""Calls of format."""\n'
        "def format(*args):\n"
        "    raise AssertionError(args)\n"
        'x = f"{(f"{(f"{value("a"):{value("b")!r:{w}}-{value("c")=:{w}}.{value("d"):{value("e"):\\\\}}}")}")}"\n'
        'y = f"{f"{f"{f"{f"{value("f")}{value("g")!s:>{w}}{value("h") = }{value("t"), 2}{value("k"):}"'
        '!r}"!a}"!r}"!s}"\n'
        # The module's own join of an f-string, where "" needs a name: not ours to fold.
        "z = f\"{f'{f\"\"\"{f'''{\"\".join((f\"{value('i')}\", str(1)))}'''!r}\"\"\"!r}'!r}\"\n"
        "print(x, y, z, log)\n"
    )
    lowered = lower(src)
    assert "_fstring_backport_f(" in lowered  # the case needs the calls
    [(expected, got)] = originals_and_pinned([(target, CALLS_SETUP, src, lowered)])
    assert expected[1] is None, expected
    assert got == expected
