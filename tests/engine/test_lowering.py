"""The lowering rules, one by one: what transpile() writes and where.

Values are checked against Python 3.15 running the original (see
test_differential.py for whole programs); these tests pin the shape of the
output: lines, columns, temporaries, idempotence.
"""

import subprocess
import sys

import pytest

from fstring_backport import TranspileError, transpile
from fstring_backport.engine.lexer import tokenize
from fstring_backport.engine.parsed import LineIndex
from fstring_backport.engine.safety import check_output, host_reads_fstrings_as_315

from support.pythons import oracle


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


@pytest.mark.parametrize(
    "src",
    [
        "x = f\"{'#'}\" + f\"{'{'}\" + f\"{'}'}\"\n",
        "x = f'''{'a'}''' + f'{x:{y}}' + f'{x = }' + f'{x=!r:>5}'\n",
        "x = rf'\\{x}' + f'{{x}}' + f'a\\n{b}\\t'\n",
        "x = f\"\"\"{f'''{f\"{f'{x}'}\"}'''}\"\"\"\n",
        "def f():\n    return f'{x!r}'\r\n",
        # 3.8-3.11 print these as 3.15 does (3.12.1 and 3.13.0 did not).
        "x = f\"{a!=b=}\" + rf'{x:\\x3e5}' + f\"{'#'=}\" + f'{x!r:>8}{y:{w}}'\n",
    ],
)
def test_what_38_accepts_comes_back_byte_identical(src):
    assert transpile(src, (3, 8)) == src
    assert transpile(src.encode(), (3, 8)) == src.encode()


def test_target_312_and_later_returns_input():
    src = 'x = f"{d["k"]}"\n'
    assert transpile(src, (3, 12)) == src
    assert transpile(src, "3.13") == src


def test_quote_reuse_swaps_the_nested_quotes_only():
    assert lower('x = f"{d["k"]} and {d["j"]!r:>5}"\n') == "x = f\"{d['k']} and {d['j']!r:>5}\"\n"


def test_untouched_code_keeps_its_columns_and_lines():
    src = 'import os\nx = f"{d["k"]}"  # note\ny = 2\n'
    out = lower(src)
    assert out.splitlines()[0] == "import os"
    assert out.splitlines()[2] == "y = 2"
    assert out.splitlines()[1].endswith("  # note")


def test_backslash_constants_become_temporaries_after_docstring_and_future():
    src = '"""Doc."""\nfrom __future__ import annotations\n\nx = f\'{"\\n".join(a)}\'\n'
    out = lower(src)
    assert out.splitlines()[1] == "from __future__ import annotations; _fstring_backport_0 = \"\\n\""
    assert out.splitlines()[3] == "x = f'{_fstring_backport_0.join(a)}'"


def test_temporaries_go_on_a_blank_line_before_the_first_statement():
    src = "# a comment\n\ndef f(a):\n    return f'{\"\\t\".join(a)}'\n"
    out = lower(src)
    assert out.splitlines()[1] == '_fstring_backport_0 = "\\t"'


def test_temporaries_go_in_front_of_a_first_simple_statement():
    src = "import os; x = f'{\"\\t\".join(a)}'\n"
    assert lower(src) == "_fstring_backport_0 = \"\\t\"; import os; x = f'{_fstring_backport_0.join(a)}'\n"


def test_a_module_starting_with_a_compound_statement_spells_its_constants_inline():
    src = "def f(a):\n    return f'{\"\\t\".join(a)}'\n"
    assert lower(src) == "def f(a):\n    return f'{(\"%c\" % (9,)).join(a)}'\n"
    # Line 1 must stay a comment for the cookie on line 2 to count.
    src = '# c\n# -*- coding: latin-1 -*-\ndef f(i):\n    return f"{"\\n".join(i)}"\n'
    assert lower(src).splitlines()[3] == "    return f\"{('%c' % (10,)).join(i)}\""


def test_shebang_and_coding_cookie_stay_first():
    src = "#!/usr/bin/env python\n# -*- coding: utf-8 -*-\n\nx = f'{\"\\t\".join(a)}'\n"
    out = lower(src)
    assert out.splitlines()[:2] == src.splitlines()[:2]
    assert out.splitlines()[2].startswith("_fstring_backport_0 = ")


def test_temporary_names_never_collide():
    src = "_fstring_backport_0 = 1\nx = f'{\"\\t\".join(a)}'\n"
    out = lower(src)
    assert "_fstring_backport1_0 = " in out
    assert out.count("_fstring_backport_0") == 1


def test_no_builtin_names_are_added():
    src = 'x = f"{"\\n".join(a)!r:{"\\t"}>{w}} {d["k"]=} {f"{f"{f"{f"{y}"}"}"}"}"\n'
    out = lower(src)
    names_in = {t.text for t in tokenize(src) if t.kind == "NAME"}
    names_out = {t.text for t in tokenize(out) if t.kind == "NAME"}
    assert {n for n in names_out - names_in if not n.startswith("_fstring_backport")} == set()


def test_comments_dropped_and_single_quoted_becomes_triple_quoted_on_same_lines():
    src = "x = f'{a # the first\n + b}'\ny = 1\n"
    out = lower(src)
    assert out == "x = f'''{a\n + b}'''\ny = 1\n"


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


def test_line_continuation_in_a_field_becomes_a_line_break():
    src = "x = f'{a + \\\n b}'\n"
    assert lower(src) == "x = f'''{a + \n b}'''\n"


def test_crlf_files_stay_crlf():
    src = b"x = f'{a # c\r\n + b}'\r\ny = f\"{d[\"k\"]}\"\r\n"
    out = transpile(src, (3, 8))
    assert out.count(b"\r\n") == src.count(b"\r\n")
    assert b"\n" not in out.replace(b"\r\n", b"")


def test_two_deep_spec_becomes_a_nested_fstring():
    assert lower("x = f'{x:{y:{z}}}'\n") == "x = f'{x:{f\"{y:{z}}\"}}'\n"


def test_debug_field_whose_text_changes_becomes_literal_text():
    assert lower('x = f"{d["k"] = }"\n') == "x = f\"d[\\\"k\\\"] = {d['k'] !r}\"\n"


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
    "src, reason",
    [
        # Five levels with conversions: each level needs its own kind of quote.
        ('x = "z"\nprint(f"{f"{f"{f"{f"{x}"!r}"!r}"!r}"!r}")\n', "cannot lower"),
        # A line break three levels deep: only two kinds of triple quote exist.
        ('x = 1\nprint(f"{f"{f"{x\n}"!r}"!r}")\n', "cannot lower"),
    ],
)
def test_what_cannot_be_lowered_is_an_error_that_says_why(src, reason):
    with pytest.raises(TranspileError) as info:
        transpile(src, (3, 8), filename="m.py")
    assert reason in info.value.msg
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


def test_a_conversion_runs_before_the_fields_of_its_spec_as_on_313():
    src = "x = f'{a!r:>{w()}}|{a!s:{w()}}|{a!r:>8}'\n"
    assert lower(src) == "x = f'{(\"%r\" % ((a),)):>{w()}}|{(\"%s\" % ((a),)):{w()}}|{a!r:>8}'\n"
    prelude = (
        "log = []\n"
        "class A:\n"
        "    def __repr__(self): log.append('repr'); return 'A'\n"
        "    def __str__(self): log.append('str'); return 'S'\n"
        "def w(): log.append('w'); return 3\n"
        "a = A()\n"
    )
    assert run_here(prelude + lower(src) + "print(x, log)") == run_oracle(prelude + src + "print(x, log)")


def test_debug_text_becomes_literal_text_as_315_shows_it():
    # Escapes as written, "#" in a string kept, "!=" kept.
    assert lower('x = f"{"\\n"=}{d["#"]=}{d["k"]!=b=}"\n') == (
        "_fstring_backport_0 = \"\\n\"; "
        "x = f\"\\\"\\\\n\\\"={_fstring_backport_0!r}d[\\\"#\\\"]={d['#']!r}d[\\\"k\\\"]!=b={d['k']!=b!r}\"\n"
    )
