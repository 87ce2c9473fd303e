"""``fstring_backport.compile``: the built-in ``compile`` for 3.12 f-strings and 3.14 t-strings.

What the code objects do is compared with python3.15 compiling the same
source with its own ``compile``.
"""

import __future__

import ast
import json
import subprocess
import sys

import pytest

import fstring_backport

from support.pythons import oracle

# (source, mode): each evaluates or prints something python3.15 can print too.
CASES = [
    ('f"{d["k"]}-{"\\n".join(["a", "b"])!r}"', "eval"),
    ('[f"{x = }" for x in range(2)]', "eval"),
    ('f"""{d["k"] # a comment\n}"""', "eval"),
    (
        (
            '(lambda t: (t.strings, [(i.value, i.expression, i.conversion, i.format_spec) for i in t.interpolations]))'
            '(t"a{d["k"]!r:>{5}}b{1+1=}")'
        ),
        "eval",
    ),
    ('for k in d:\n    print(f"{k}={d[k]!r:{"<"}6}|")\n', "exec"),
    ('print(f"{d["k"]}")\n', "single"),
]

ORACLE = """
import json, sys
d = {"k": "v"}
out = []
for source, mode in json.loads(sys.stdin.read()):
    if mode == "eval":
        out.append(repr(eval(compile(source, "<s>", mode), {"d": d})))
    else:
        exec(compile(source, "<s>", mode), {"d": d})
        out.append(None)
print(json.dumps(out))
"""


def test_code_objects_behave_as_python_315s(capsys):
    expected_run = subprocess.run(
        [oracle(), "-c", ORACLE], input=json.dumps(CASES), capture_output=True, text=True, check=True
    )
    *printed, results = expected_run.stdout.splitlines()
    got = []
    for source, mode in CASES:
        code = fstring_backport.compile(source, "<s>", mode)
        namespace = {"d": {"k": "v"}}
        if mode == "eval":
            got.append(repr(eval(code, namespace)))
        else:
            exec(code, namespace)
            got.append(None)
        assert set(namespace) <= {"d", "__builtins__", "k"}  # no names of ours
    assert got == json.loads(results)
    assert capsys.readouterr().out.splitlines() == printed


@pytest.mark.parametrize("source", ['f"{x!z}"', 't"{x!}"', 't"a" "b"', "f'{a'"])
def test_errors_are_syntax_errors_in_python_315s_words(source):
    script = "import sys\ntry:\n    compile(sys.argv[1], '<s>', 'eval')\nexcept SyntaxError as e:\n    print(e.msg)"
    expected = subprocess.run([oracle(), "-c", script, source], capture_output=True, text=True).stdout.strip()
    with pytest.raises(SyntaxError) as info:
        fstring_backport.compile(source, "<s>", "eval")
    assert type(info.value) is SyntaxError  # the built-in class, as compile() raises it
    assert info.value.msg == expected


def test_bytes_and_ast_sources_and_flags():
    code = fstring_backport.compile('# coding: latin-1\nx = f"{"\xe9"}"\n'.encode("latin-1"), "<s>", "exec")
    namespace = {}
    exec(code, namespace)
    assert namespace["x"] == "\xe9"
    tree = fstring_backport.compile('f"{d["k"]}"', "<s>", "eval", ast.PyCF_ONLY_AST)
    assert isinstance(tree, ast.Expression)
    assert eval(fstring_backport.compile(tree, "<s>", "eval"), {"d": {"k": 1}}) == "1"


def test_future_statements_are_inherited_unless_told_not_to():
    annotations = __future__.annotations.compiler_flag
    caller = compile("import fstring_backport\ncode = fstring_backport.compile('x = 1', '<s>', 'exec')\n",
                     "<caller>", "exec", annotations, True)
    namespace = {}
    exec(caller, namespace)
    assert namespace["code"].co_flags & annotations
    assert not fstring_backport.compile("x = 1", "<s>", "exec").co_flags & annotations
    kept_out = compile("import fstring_backport\ncode = fstring_backport.compile('x = 1', '<s>', 'exec', 0, True)\n",
                       "<caller>", "exec", annotations, True)
    exec(kept_out, namespace)
    assert not namespace["code"].co_flags & annotations


@pytest.mark.skipif(sys.version_info >= (3, 14), reason="3.14 has t-strings: the built-in compile is used")
def test_a_tstring_calls_the_runtime_through_a_builtin():
    code = fstring_backport.compile('t"{1}"', "<s>", "eval")
    assert "_fstring_backport_build" in code.co_names
    assert type(eval(code, {})).__module__ == "string.templatelib"
