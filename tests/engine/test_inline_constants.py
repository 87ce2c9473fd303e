"""Constants old f-strings cannot spell: module-level names, or spelled inline.

Every valid module transpiles, whatever its first line: where no line above
the first statement can bind a name, the constant is spelled inline
(``('%c' % (10,))``, ``(b'%c' % (0,))``), and ``inline_constants`` asks for that
everywhere, so that the output adds no names to the module.  Each module
below runs, transpiled by the API, the command line and the import hook, as
python3.15 runs the original.
"""

import json
import subprocess
import sys

import pytest

from fstring_backport import TranspileError, transpile
from fstring_backport.build.common import BuildStep
from fstring_backport.engine.safety import host_reads_fstrings_as_315
from fstring_backport.project.runtime_copies import runtime_for

from support import cli
from support.pythons import child_environment, interpreter, oracle, originals_and_pinned, run_files

# A module per compound statement that can open it, each needing constants
# in an f-string (a backslash in a field), and printing what it computed.
STARTS = {
    "def": 'def f(items):\n    return f"{"\\n".join(items)}|{"\\\\"}"\n\n\nprint(f(["a", "b"]))\n',
    "class": 'class C:\n    X = f"{"\\t".join("ab")!r}"\n\n\nprint(C.X)\n',
    "if": 'if True:\n    print(f"{b"\\x00%\\xff"!r}")\n',
    "decorator": '@type\ndef f():\n    pass\n\n\nprint(f.__name__, f"{"\\N{BULLET}" + "\'\\""}")\n',
    "async def": (
        'async def f():\n    return f"{"\\r\\n".join(["a", "b"])!r}"\n\n\n'
        "import asyncio\n\nprint(asyncio.run(f()))\n"
    ),
    "with": 'with open(__file__) as handle:\n    print(f"{"\\x41{}"}", len(handle.read()) > 0)\n',
    "try": 'try:\n    print(f"{"\\u00e9\\\\n" = }")\nexcept NameError:\n    pass\n',
}
NAMES = "_fstring_backport"


def output_python():
    """Where the output runs: here, or on 3.11 where this Python reads
    3.12 f-strings with the early releases' bugs, or reads them at all."""
    if sys.version_info >= (3, 12) and not host_reads_fstrings_as_315():
        return interpreter("3.11")
    return sys.executable


@pytest.fixture(scope="module")
def originals(tmp_path_factory):
    """The modules, and what python3.15 prints running each."""
    folder = tmp_path_factory.mktemp("originals")
    for start, source in STARTS.items():
        module_path(folder, start).write_text(source, encoding="utf-8")
    outcomes = run_files(oracle(), [module_path(folder, start) for start in STARTS])
    printed = {}
    for start, (out, error) in zip(STARTS, outcomes):
        assert error is None and out, (start, error)
        printed[start] = out
    return folder, printed


def module_path(folder, start):
    return folder / (start.replace(" ", "_") + ".py")


def assert_they_print_as_on_315(folder, printed):
    """The modules in ``folder`` print what python3.15 printed running the originals."""
    outcomes = run_files(output_python(), [module_path(folder, start) for start in STARTS])
    for start, outcome in zip(STARTS, outcomes):
        assert outcome == (printed[start], None), start


@pytest.mark.parametrize("inline", [False, True], ids=["default", "inline"])
@pytest.mark.parametrize("start", list(STARTS))
def test_a_module_that_opens_with_a_compound_statement_transpiles(start, inline):
    source = STARTS[start]
    out = transpile(source, (3, 8), inline_constants=inline)
    assert out.count("\n") == source.count("\n")
    assert NAMES not in out  # no line to bind a name on: every constant inline
    assert transpile(out, (3, 8), inline_constants=inline) == out


@pytest.mark.parametrize("inline", [False, True], ids=["default", "inline"])
def test_they_run_as_on_315(inline, originals, tmp_path):
    folder, printed = originals
    for start, source in STARTS.items():
        module_path(tmp_path, start).write_text(transpile(source, (3, 8), inline_constants=inline), encoding="utf-8")
    assert_they_print_as_on_315(tmp_path, printed)


@pytest.mark.parametrize("inline", [False, True], ids=["default", "inline"])
def test_the_command_line_writes_them_all(inline, originals, tmp_path):
    folder, printed = originals
    out = tmp_path / "out"
    flags = ["--inline-constants"] if inline else []
    result = cli.run("--target", "3.8", *flags, str(folder), "-o", str(out))
    assert result.returncode == 0, result.stderr.decode()
    for start in STARTS:
        assert NAMES not in module_path(out, start).read_text(encoding="utf-8")
    assert_they_print_as_on_315(out, printed)


def test_the_import_hook_runs_them_all(originals, tmp_path):
    """Each module imported through the hook on a Python that needs it (this
    one, or 3.11 where this one reads 3.12 f-strings itself)."""
    folder, printed = originals
    python = sys.executable if sys.version_info < (3, 12) else interpreter("3.11")
    # The modules first: under tox the package under test is in
    # site-packages, which may hold a package of the same name (IPython
    # brings one called decorator).
    env = child_environment(folder, write_bytecode=True)
    names = [module_path(folder, start).stem for start in STARTS]
    script = (
        "import contextlib, io, json, fstring_backport\n"
        "fstring_backport.install()\n"
        "printed = {}\n"
        f"for name in {names!r}:\n"
        "    with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        "        __import__(name)\n"
        "    printed[name] = out.getvalue()\n"
        "print(json.dumps(printed))\n"
    )
    result = subprocess.run([python, "-c", script], capture_output=True, env=env)
    assert result.returncode == 0, result.stderr.decode()
    got = json.loads(result.stdout)
    for start, name in zip(STARTS, names):
        assert got[name] == printed[start], start


def test_the_build_step_transpiles_them_all(originals, tmp_path):
    folder, printed = originals
    (tmp_path / "pyproject.toml").write_text('[project]\nrequires-python = ">=3.8"\n')
    jobs = [
        (module_path(folder, start), module_path(folder, start).name, runtime_for(module_path(folder, start).name, ()))
        for start in STARTS
    ]
    for (_, shown, _), (_, original, result) in zip(jobs, BuildStep(tmp_path).transpile_all(jobs)):
        assert result != original and NAMES.encode() not in result, shown
        (tmp_path / shown).write_bytes(result)
    assert_they_print_as_on_315(tmp_path, printed)


def test_inline_constants_add_no_names_where_names_would_fit():
    source = '"""Doc."""\nx = f"{"\\n".join(["a", "b"])}|{b"\\x00"!r}"\nNAMES = sorted(globals())\n'
    named = transpile(source, (3, 8))
    inline = transpile(source, (3, 8), inline_constants=True)
    assert NAMES + "_0" in named.splitlines()[0]  # a line can take them: names, the default
    assert NAMES not in inline
    namespace = {}
    exec(compile(inline, "m.py", "exec"), namespace)
    assert namespace["x"] == "a\nb|b'\\x00'"
    assert not any(name.startswith(NAMES) for name in namespace["NAMES"])


@pytest.mark.parametrize("value", ["\n", "a\\b{}", "it's \"q\"", "\x00\t\r", "é•", b"\x00%\xff'", b"", ""])
def test_inline_spellings_hold_the_value_without_a_backslash(value):
    from fstring_backport.engine.literals import spell_inline

    for context in [(), ("'",), ('"',), ("'''",), ('"', "'''")]:
        text = spell_inline(value, context)
        assert text is not None and "\\" not in text
        assert eval(text) == value
        for delimiter in context:
            assert (delimiter[0] not in text) if len(delimiter) == 1 else (delimiter not in text)


def test_a_bad_value_is_a_type_error():
    with pytest.raises(TypeError, match="inline_constants must be True or False"):
        transpile('x = f"{"\\n"}"\n', (3, 8), inline_constants="yes")


def test_a_bad_setting_is_one_line_and_status_2(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.fstring-backport]\ninline-constants = "yes"\n')
    (tmp_path / "m.py").write_text("x = 1\n")
    result = cli.run(str(tmp_path / "m.py"))
    assert result.returncode == 2
    lines = result.stderr.decode().splitlines()
    assert len(lines) == 1 and "inline-constants must be true or false, not 'yes'" in lines[0]


def test_the_setting_asks_for_inline_constants(tmp_path):
    source = '"""Doc."""\nx = f"{"\\n".join("ab")}"\n'
    expected = '"""Doc."""\nx = f"{(\'%c\' % (10,)).join(\'ab\')}"\n'
    (tmp_path / "pyproject.toml").write_text("[tool.fstring-backport]\ninline-constants = true\n")
    (tmp_path / "m.py").write_text(source)
    result = cli.run_in(tmp_path, "m.py")
    assert result.returncode == 0, result.stderr.decode()
    assert result.stdout.decode() == expected
    [(on_315, on_38)] = originals_and_pinned([("3.8", "", source + "print(repr(x))", expected + "print(repr(x))")])
    assert on_38 == on_315 == ("'a\\nb'\n", None)


def test_no_quote_left_and_no_line_is_an_error_that_says_what_to_change():
    # Four levels of f-strings use every quote; the constant in the deepest
    # has none left, and the module opens with a "def".
    source = 'def f():\n    return f"""{f\'\'\'{f"{f\'{"\\n"!r}\'!r}"!r}\'\'\'!r}"""\n'
    with pytest.raises(TranspileError) as info:
        transpile(source, (3, 8), filename="m.py")
    assert "no quote left to spell a constant inline" in info.value.msg
    assert "add a blank line or a docstring above the first statement" in info.value.msg
    assert "inline-constants is on" in transpile_error(source.replace("def f", "\ndef f"), inline_constants=True)


def transpile_error(source, **options):
    with pytest.raises(TranspileError) as info:
        transpile(source, (3, 8), filename="m.py", **options)
    return info.value.msg
