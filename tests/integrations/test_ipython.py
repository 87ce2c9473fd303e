"""``%load_ext fstring_backport`` in a real IPython shell (the shell a Jupyter kernel runs).

Each test runs cells through ``InteractiveShell.run_cell`` in a fresh
process, as a kernel does with the cells a notebook sends, and compares
what they print with python3.15 running the same code as a script.
"""

import subprocess
import sys
import textwrap

import pytest

if sys.implementation.name == "pypy":
    # psutil, which IPython needs, has no PyPy wheel and builds only with PyPy's headers.
    pytest.skip("IPython is not in PyPy's test extra", allow_module_level=True)

import IPython  # noqa: F401  (in CPython's test extra: a missing one fails, never skips)

from support.pythons import child_environment, oracle

NATIVE = sys.version_info >= (3, 14)

SHELL = textwrap.dedent(
    """\
    import sys
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance(colors="NoColor")
    for cell in sys.stdin.read().split("#---\\n"):
        shell.run_cell(cell, store_history=True)
    """
)


def run_cells(*cells):
    result = subprocess.run(
        [sys.executable, "-c", SHELL],
        input="#---\n".join(cells),
        capture_output=True,
        text=True,
        timeout=120,
        env=child_environment(),
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def python315(code):
    result = subprocess.run([oracle(), "-c", code], capture_output=True, text=True, timeout=60)
    return result.stdout, result.stderr


CELL = textwrap.dedent(
    """\
    d = {"k": "v", "n": 3}
    lines = ["a", "b"]
    print(f"{d["k"]}", f'{"\\n".join(lines)!r}', f"{d["n"]:{d["n"]}}|")
    print(f"{d["k"] = }", f'''{d["n"] # a comment
    + 1}''')
    """
)


def test_cells_in_312_syntax_run_as_on_python_315():
    expected, _ = python315(CELL)
    out = run_cells("%load_ext fstring_backport\n", CELL)
    assert out == expected


def test_a_traceback_points_at_the_cell_line_as_typed():
    cell = 'd = {"k": 1}\nx = f"{d["k"]}"\ny = f"{d["k"] / 0}"\n'
    out = run_cells("%load_ext fstring_backport\n", cell)
    assert "ZeroDivisionError" in out
    assert "Cell In[2], line 3" in out
    assert '----> 3 y = f"{d["k"] / 0}"' in out  # the line as typed, not as rewritten


def test_a_syntax_error_reads_as_python_315s():
    _, error = python315('f"{x!z}"\n')
    message = error.strip().splitlines()[-1]  # SyntaxError: f-string: invalid conversion ...
    out = run_cells("%load_ext fstring_backport\n", 'f"{x!z}"\n')
    assert message in out.splitlines()
    assert "Cell In[2], line 1" in out


def test_magics_that_parse_code_are_covered():
    out = run_cells("%load_ext fstring_backport\n", 'd = {"k": 1}\n', '%timeit -n1 -r1 f"{d["k"]}"\n')
    assert "per loop" in out and "Error" not in out


@pytest.mark.skipif(NATIVE, reason="3.14 reads 3.12 f-strings itself: there is nothing to unload")
def test_unloading_restores_the_shell():
    out = run_cells(
        "%load_ext fstring_backport\n",
        "%unload_ext fstring_backport\n",
        'd = {"k": 1}\nprint(f"{d["k"]}")\n' if sys.version_info < (3, 12) else 'print(t"{1}")\n',
    )
    assert "SyntaxError" in out


def test_tstrings_build_templates():
    cell = 'name = "World"\nt = t"Hello {name!r:>{10}}"\nprint(type(t).__name__, t.strings, t.interpolations)\n'
    expected, _ = python315(cell)
    out = run_cells("%load_ext fstring_backport\n", cell)
    assert out == expected
