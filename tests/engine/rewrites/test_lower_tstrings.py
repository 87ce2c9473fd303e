"""T-strings (PEP 750, 3.14) in the engine: lowered for targets before 3.14, left alone after.

What a lowered t-string evaluates to is checked against python3.15 by the
differential corpus and CPython's own t-string tests; here: where the
runtime is imported, what is refused and with which words, and what the
command line says.
"""

import subprocess
import warnings

import pytest

from fstring_backport import TranspileError, transpile
from fstring_backport.engine.pipeline import find_problems
from fstring_backport.engine.prefilter_rewrites import may_need_rewriting
from fstring_backport.engine.rules import TSTRING

from support.cli import run_in
from support.pythons import oracle, originals_and_pinned

IMPORT = "from fstring_backport.templatelib import build as _fstring_backport_t"
# Quote reuse, and f-strings around it that need no rewrite (so only the
# t-string stops the quick check).
SOURCE = 'import sys\nname = f"{sys.version}"\nx = t"{d["k"]}"\n'

CASES = [
    (SOURCE, 3, 5),
    ("x = T'plain'\n", 1, 5),
    ("x = rt'\\d{x}'  # f'{y}'\n", 1, 5),
    ("x = (1,\n     Tr'''\n{x!r:>{w}}''')\n", 2, 6),
    ('x = f"{t"{y}"}"\n', 1, 8),  # in an f-string (was an internal error)
    ('x = f"{d["k"]:{t"{w}"}}"\n', 1, 16),  # in a spec of one that needs a rewrite
    ("s = 'é'; x = t'{s}'\n", 1, 14),  # columns in characters
]


@pytest.mark.parametrize("source, line, col", CASES)
def test_the_quick_check_never_passes_a_tstring(source, line, col):
    assert may_need_rewriting(source)
    assert may_need_rewriting(source.encode("utf-8"))


@pytest.mark.parametrize("target", ["3.14", "3.15", "py316"])
@pytest.mark.parametrize("source, line, col", CASES)
def test_left_alone_from_314(source, line, col, target):
    assert transpile(source, target) is source
    data = source.encode("utf-8")
    assert transpile(data, target) is data


@pytest.mark.parametrize(
    "text",
    [
        "x = 'T' + \"rt\" + '%t'  # t'{x}'\nmode = 'rt'\n",  # t and rt inside strings and comments
        "def f(t):\n    return t\nprint(f('t'), f(\"T\"))\n",
        "x = f'{at}' + f'{t!r}' + f'{y:t}'\n",  # names and specs, not prefixes
    ],
)
def test_no_tstring_no_rewrite(text):
    assert not may_need_rewriting(text)
    assert transpile(text, "3.8") is text


def test_check_reports_tstrings_below_314():
    source = 'x = t"{a}"\ny = f"{d["k"]}" + t"{b}"\n'
    problems = find_problems(source, "3.8")
    assert (1, 5, TSTRING) in problems and (2, 19, TSTRING) in problems
    assert any(line == 2 and rule != TSTRING for line, col, rule in problems)  # the f-string too
    assert find_problems(source, "3.12") == [(1, 5, TSTRING), (2, 19, TSTRING)]
    assert find_problems(source, "3.14") == []


@pytest.mark.parametrize("target", ["3.8", "3.11", "3.12", "3.13"])
def test_lowered_before_314_with_the_runtime_imported_on_an_existing_line(target):
    lowered = transpile(SOURCE, target, filename="m.py")
    assert lowered == (
        IMPORT + "; import sys\n"
        'name = f"{sys.version}"\n'
        "x = _fstring_backport_t('', ((d[\"k\"]), 'd[\"k\"]', None, ''), '')\n"
    )
    assert transpile(SOURCE.encode(), target) == lowered.encode()


def test_after_the_docstring_and_future_imports():
    source = '"""Doc."""\nfrom __future__ import annotations\nx = t"{a}"\n'
    assert transpile(source, "3.8") == (
        '"""Doc."""\nfrom __future__ import annotations; ' + IMPORT + "\n"
        "x = _fstring_backport_t('', ((a), 'a', None, ''), '')\n"
    )


def test_inline_constants_still_import_the_runtime():
    # A Template cannot be spelled without its class: the one name added.
    lowered = transpile('\nx = t"{a}{"\\n"}"\n', "3.8", inline_constants=True)
    call = "_fstring_backport_t('', ((a), 'a', None, ''), '', ((\"\\n\"), '\"\\\\n\"', None, ''), '')"
    assert lowered == IMPORT + "\nx = " + call + "\n"


def test_no_line_for_the_import_names_the_runtime_inline():
    # What it computes is checked in tests/engine/test_runtime_without_a_line.py.
    assert transpile('def f(): return t"{a}"\n', "3.8", filename="m.py") == (
        "def f(): return __import__('fstring_backport.templatelib').templatelib.build('', ((a), 'a', None, ''), '')\n"
    )


def test_no_line_and_a_module_that_binds_import_is_an_error():
    with pytest.raises(TranspileError) as info:
        transpile('def f(): return t"{a}"\n__import__ = None\n', "3.8", filename="m.py")
    assert info.value.located() == (
        "m.py:1:17: cannot lower this t-string: the module binds __import__, and no line above the first "
        "statement can import the Template runtime; add a blank line or a docstring there"
    )


def test_a_module_that_imports_templatelib_gets_the_runtime():
    for source in (
        "from string.templatelib import Template\n",
        "import string.templatelib\n",
        "from string . templatelib import (Interpolation)\n",
    ):
        assert transpile(source, "3.8") == IMPORT + "; " + source
        assert transpile(source, "3.13") == IMPORT + "; " + source
        assert transpile(source, "3.14") is source
    for source in ("'string.templatelib'\n", "templatelib = 1\n", "x.string.templatelibs\n"):
        assert transpile(source, "3.8") is source


def test_a_312_target_leaves_fstrings_alone():
    source = 'x = f"{d["k"]:>{w}} {t"{d["k"]}"}"\n'  # no conversion: a 3.12 target lowers f"{x!r:{w}}" (FB202)
    assert transpile(source, "3.12") == (
        IMPORT + "; x = f\"{d[\"k\"]:>{w}} {_fstring_backport_t('', ((d[\"k\"]), 'd[\"k\"]', None, ''), '')}\"\n"
    )


def test_line_breaks_stay_where_they_were():
    source = 'x = (t"a{b}"\n     t"""c\n{d\n}e""")\ny = 1\n'
    lowered = transpile(source, "3.8")
    assert lowered.count("\n") == source.count("\n")
    assert lowered.splitlines()[4] == "y = 1"


# (source, what python3.15 says); the engine must say the same, at the same place.
ERRORS = [
    't"a" "b"\n',
    '"b" t"a"\n',
    'x = (t"a"\n     f"b")\n',
    'x = (b"a" t"{b}")\n',
    't"a" t"b" u"c"\n',
    'f"{t"a" "b"}"\n',
    't"{x!z}"\n',
    't"{}"\n',
    't"{x!}"\n',
    't"{x=!}"\n',
    't"{lambda x: 1}"\n',
    "t'{a'\n",
]


def _python315_error(source, tmp_path):
    path = tmp_path / "m.py"
    path.write_text(source)
    script = (
        "import sys\n"
        "try:\n"
        "    compile(open(sys.argv[1]).read(), 'm.py', 'exec')\n"
        "except SyntaxError as e:\n"
        "    print(f'm.py:{e.lineno}:{e.offset}: {e.msg}')\n"
    )
    return subprocess.run([oracle(), "-c", script, str(path)], capture_output=True, text=True).stdout.strip()


@pytest.mark.parametrize("source", ERRORS)
@pytest.mark.parametrize("target", ["3.8", "3.12"])
def test_refused_in_python_315s_words(source, target, tmp_path):
    expected = _python315_error(source, tmp_path)
    assert expected, "python3.15 accepts it"
    with pytest.raises(TranspileError) as info:
        transpile(source, target, filename="m.py")
    assert info.value.located() == expected


def test_command_line(tmp_path):
    (tmp_path / "mod.py").write_text(SOURCE)
    result = run_in(tmp_path, "--target", "3.11", "mod.py")
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode() == transpile(SOURCE, "3.11")
    check = run_in(tmp_path, "--check", "--target", "3.11", "mod.py")
    assert check.returncode == 1
    assert "mod.py:3:5: FB301 t-string (needs Python 3.14; target 3.11)" in check.stdout.decode()
    same = run_in(tmp_path, "--target", "3.14", "mod.py")
    assert same.returncode == 0, same.stderr
    assert same.stdout.decode() == SOURCE


def test_text_is_written_as_it_was_so_python_warns_as_it_would():
    # Python warns of "\d" when it compiles the output, not transpile.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        lowered = transpile('\nx = t"a\\d{1}" + f"\\d{d["k"]}"\n', "3.8")
    expected = "x = _fstring_backport_t(\"a\\d\", ((1), '1', None, ''), '') + f\"\\d{d['k']}\""
    assert lowered.splitlines()[1] == expected


@pytest.mark.parametrize("source", ['x = f"{"a"}" +\n', 'x = t"{"a"}" +\n', 'f"{"a" 1}"\n'])
def test_a_typo_beside_a_rewritten_string_is_the_users_error(source):
    with pytest.raises(TranspileError) as info:
        transpile(source, "3.8", filename="m.py")
    # The parser's words (this Python's, where it cannot read the input), not "internal error".
    assert "invalid syntax" in info.value.msg and "internal" not in info.value.msg


def test_a_stub_gets_no_runtime_import():
    source = "from string.templatelib import Template\ndef f(t: Template) -> str: ...\n"
    assert transpile(source, "3.8", filename="m.pyi") is source  # stubs never run
    once = transpile(source, "3.8", filename="m.py")
    assert once != source and transpile(once, "3.8", filename="m.py") == once  # and never twice


# (target, source, what prints its value, options): the lowerings pinned
# above, run on their target as the sources on python3.15.
LOWERINGS = [
    ("3.8", SOURCE, "print(repr(x))", {}),
    ("3.8", '"""Doc."""\nfrom __future__ import annotations\nx = t"{a}"\n', "print(repr(x))", {}),
    ("3.8", '\nx = t"{a}{"\\n"}"\n', "print(repr(x))", {"inline_constants": True}),
    ("3.8", "from string.templatelib import Template\n", "print(repr(Template('a', 'b')), Template.__module__)", {}),
    ("3.8", "import string.templatelib\n", "print(repr(string.templatelib.Template('a')))", {}),
    ("3.8", "from string . templatelib import (Interpolation)\n", "print(repr(Interpolation(1, 'x')))", {}),
    ("3.12", 'x = f"{d["k"]!r:{w}} {t"{d["k"]}"}"\n', "print(repr(x))", {}),
    # 3.15 refuses to add a str to a Template, and so does the runtime.
    ("3.8", '\nx = t"a\\d{1}" + f"\\d{d["k"]}"\n', "print(repr(x))", {}),
]


def test_the_lowerings_run_on_their_target_as_the_sources_on_315():
    setup = "a, d, w = 'A', {'k': 'K'}, 5\n"
    cases = [
        (target, setup, source + probe, transpile(source, target, **options) + probe)
        for target, source, probe, options in LOWERINGS
    ]
    for case, (expected, got) in zip(cases, originals_and_pinned(cases)):
        assert expected[0] or expected[1], case  # it printed, or failed
        assert got == expected, case


# Debug fields and comments: Interpolation.expression is the debug text less
# its "=" and the blanks after it; where CPython's scan for comments
# miscounts quotes (a triple-quoted string that holds a quote) and keeps a
# comment after the "=", the whole debug text.
DEBUG_FIELDS = [
    "{x = }", "{x =\n}", "{x=#\n}", "{x#c\n=}", "{x\n=\n}", "{ x = !r}", "{x=#c\n:>3}",
    "{x}", "{x }", "{x#c\n}", "{'#' #c\n=}", "{x#c\n=\n#d\n}",
    "{x =\\\n}", "{x\\\n=}", "{x= \\\n }", "{x=\\\n!r}",
    "{''''\n'''=#\n}", "{''''\n'''= #\n}", "{''''\n'''=#\n!r}", "{''''\n'''#c\n=}", "{''''\n'''#c\n}",
]
PARTS = "print(repr((x.strings, [(i.value, i.expression, i.conversion, i.format_spec) for i in x.interpolations])))"


@pytest.mark.parametrize("target", ["3.8", "3.11"])
def test_debug_fields_with_comments_give_the_expression_315_gives(target):
    setup = "y = 1\n"
    cases = []
    for field in DEBUG_FIELDS:
        source = "x = t'''" + field.replace("x", "y") + "'''\n"
        cases.append((target, setup, source + PARTS, transpile(source, target) + PARTS))
    for case, (expected, got) in zip(cases, originals_and_pinned(cases)):
        assert expected[0] and got == expected, case


# F-strings three deep, with specs, in a t-string's spec: no quote is left
# for the deepest, which is spelled with calls of format, as it would be in
# an f-string standing alone.
DEEP_IN_A_SPEC = (
    '"""Doc."""\n'
    "class A:\n"
    "    def __format__(self, spec): return '<' + spec + '>'\n"
    "b = a = A()\n"
    "x = t\"\"\"{n}{'':{{''F'{['']}{ {}!s}{a:{()}{[[''],f\"{([]if n else f'{b:{(f\"[\"\"\")}}')}\"]}}'''}}}\"\"\"\n"
)


@pytest.mark.parametrize("target", ["3.8", "3.11"])
def test_fstrings_too_deep_for_quotes_in_a_spec_are_calls_of_format(target):
    lowered = transpile(DEEP_IN_A_SPEC, target)
    assert "_fstring_backport_f((b)" in lowered  # the deepest level has no quote left
    case = (target, "n = 0\n", DEEP_IN_A_SPEC + PARTS, lowered + PARTS)
    [(expected, got)] = originals_and_pinned([case])
    assert expected[0] and got == expected, case
    with pytest.raises(TranspileError, match="cannot lower this t-string"):
        transpile(DEEP_IN_A_SPEC, target, inline_constants=True)  # calls of format need names
