"""``except A, B:`` (PEP 758, 3.14) before 3.14: FB401, rewritten with brackets.

Python 3.14 reads ``except A, B:`` as ``except (A, B):``; 3.8-3.13 reject
it.  The rewrite inserts ``(`` and ``)`` and nothing else, for every target
before 3.14 (3.12 and 3.13 included), and ``--check`` reports it.  What the
rewritten modules do is compared with python3.15 running the originals.
"""

import subprocess

import pytest

from fstring_backport import transpile
from fstring_backport.engine.pipeline import find_problems
from fstring_backport.engine.prefilter_rewrites import may_need_rewriting
from fstring_backport.engine.rules import EXCEPT_WITHOUT_PARENTHESES

from support.pythons import assert_refused_as_315_does, child_environment, executable, oracle

# (source, the types as the rewrite brackets them)
REWRITES = [
    ("try:\n    pass\nexcept A, B:\n    pass\n", "except (A, B):"),
    ("try:\n    pass\nexcept* A, B:\n    pass\n", "except* (A, B):"),
    ("try:\n    pass\nexcept *A, B:\n    pass\n", "except *(A, B):"),
    ("try:\n    pass\nexcept A, B, :\n    pass\n", "except (A, B,) :"),
    ("try:\n    pass\nexcept  A ,B  :  # a comment, with commas: x, y\n    pass\n", "except  (A ,B)  :  # a comment"),
    ("try:\n    pass\nexcept lambda a, b: A, B:\n    pass\n", "except (lambda a, b: A, B):"),
    (
        "try:\n    pass\nexcept errors[1, 2], f(a, b), {k: v}[k]:\n    pass\n",
        "except (errors[1, 2], f(a, b), {k: v}[k]):",
    ),
    ("try:\n    pass\nexcept A if c else B, (C, D):\n    pass\n", "except (A if c else B, (C, D)):"),
    ("try:\n    pass\nexcept A, \\\n        B:\n    pass\n", "except (A, \\\n        B):"),
    ("try: pass\nexcept A, B: pass\nexcept C, D: pass\n", "except (A, B): pass\nexcept (C, D):"),
    ("try:\n    pass\nexcept A, (x := B):\n    pass\n", "except (A, (x := B)):"),
    ("try:\n    pass\nexcept f'{a}', B:\n    pass\n", "except (f'{a}', B):"),
]
UNTOUCHED = [
    "try:\n    pass\nexcept (A, B):\n    pass\n",
    "try:\n    pass\nexcept (A, B) as e:\n    pass\n",
    "try:\n    pass\nexcept (\n    A,\n    B,\n) as e:\n    pass\n",
    "try:\n    pass\nexcept A as e:\n    pass\n",
    "try:\n    pass\nexcept:\n    pass\n",
    "try:\n    pass\nexcept* (A, B):\n    pass\n",
    "try:\n    pass\nexcept lambda a, b: A:\n    pass\n",
    "try:\n    pass\nexcept {1: A}[1]:\n    pass\n",
    '"""All except a, b: prose."""\n# except a, b:\nx = "except a, b:"\n',
]
# (source, what python3.15 says, where)
ERRORS = [
    "try:\n    pass\nexcept A, B as e:\n    pass\n",
    "try:\n    pass\nexcept* A, B as e:\n    pass\n",
    "try:\n    pass\nexcept (A), B, as e:\n    pass\n",
    "try:\n    pass\nexcept ((A)), B as e:\n    pass\n",
    "try:\n    pass\nexcept (A, C), B as e:\n    pass\n",
    "try:\n    pass\nexcept (A).x, B as e:\n    pass\n",
    "try:\n    pass\nexcept A, B as (e):\n    pass\n",
    "try:\n    pass\nexcept A, B as e.x:\n    pass\n",
    "try:\n    pass\nexcept A, *B:\n    pass\n",
    "try:\n    pass\nexcept A, x := B:\n    pass\n",
]


@pytest.mark.parametrize("source, bracketed", REWRITES)
@pytest.mark.parametrize("target", ["3.8", "3.11", "3.12", "3.13"])
def test_the_types_get_brackets_and_nothing_else_changes(source, bracketed, target):
    assert may_need_rewriting(source)  # the quick check never passes it
    out = transpile(source, target, "m.py")
    assert bracketed in out
    assert out.replace("(", "", 1).count("\n") == source.count("\n")
    assert _without_inserted_brackets(source, out) == source
    assert transpile(out, target, "m.py") == out
    assert transpile(source, "3.14") is source


def _without_inserted_brackets(source, out):
    """``out`` without the brackets it has more than ``source``, found by a diff."""
    import difflib

    matcher = difflib.SequenceMatcher(None, source, out, autojunk=False)
    kept = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            kept.append(source[i1:i2])
        else:
            assert tag == "insert" and out[j1:j2] in ("(", ")"), (tag, source[i1:i2], out[j1:j2])
    return "".join(kept)


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_needs_no_brackets_is_left_alone(source):
    assert transpile(source, "3.8") == source
    # except* itself is 3.11's: named for 3.8, never rewritten
    expected = ["FB408"] if "except*" in source.replace("except *", "except*") else []
    assert [rule.code for _, _, rule in find_problems(source, "3.8")] == expected
    assert find_problems(source, "3.11") == []


@pytest.mark.parametrize(
    "source",
    [
        UNTOUCHED[1],
        UNTOUCHED[2],
        "try:\n    pass\nexcept ValueError:\n    pass\nexcept (KeyError, IndexError) as e:  # a, b\n    pass\n",
        '"""Doc.\n\nexcept when it is not\n"""\n# except this, or that:\n',
        '"""Doc.\n\n    except when the cause is a NaN, in which case\n    the result is (a, b)\n"""\n',
        "'''Doc.\n\nexcept that \"__aiter__()\" is looked up, as 'x', y\n'''\n",
    ],
)
def test_the_quick_check_passes_the_common_forms(source):
    assert not may_need_rewriting(source) and not may_need_rewriting(source.encode())


@pytest.mark.parametrize(
    "clause",
    [
        "except A, B:",
        "except\tA,B:",
        "except\x0cA, B:",
        "except A, (B,\n        C):",
        "except A, (B,  # c\n        C):",
        "except A, [B, C][0]:",
        "except A, f(g(B)):",
        "except 'a', B:",
        "except 'a:', B:",
        'except f"{x[":"]}", B:',
        'except """a:\\nb""", B:',
        "except A, \\\n        B:",
        "except (A), B:",
        "except A,:",
        "except* A, B:",
        "except lambda a, b: A:",
    ],
)
@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
@pytest.mark.parametrize("indent", ["", "    ", "\t", "\x0c"])
def test_the_quick_check_never_passes_a_clause_that_may_need_brackets(clause, newline, indent):
    source = f"{indent}try:\n{indent}    pass\n{indent}{clause}\n{indent}    pass\n".replace("\n", newline)
    assert may_need_rewriting(source), source
    assert may_need_rewriting(source.encode()), source


def test_check_reports_fb401_at_the_first_type_for_every_target_before_314():
    source = REWRITES[0][0] + REWRITES[1][0]
    for target in ("3.8", "3.11", "3.12", "3.13"):
        found = [problem for problem in find_problems(source, target) if problem[2].lowered_since is not None]
        assert found == [(3, 8, EXCEPT_WITHOUT_PARENTHESES), (7, 9, EXCEPT_WITHOUT_PARENTHESES)]
    assert find_problems(source, "3.14") == []
    # except* itself is 3.11's: named, not rewritten, for an older target
    assert [(line, rule.code) for line, _, rule in find_problems(source, "3.10")].count((7, "FB408")) == 1


def test_errors_are_315s_words_and_places():
    expected = assert_refused_as_315_does(ERRORS)
    assert expected[0][0] == "multiple exception types must be parenthesized when using 'as'"


# A module that catches with unbracketed types, in a function, a loop and a
# class body, and prints what it caught.
MODULE = '''\
import sys


def catch(error):
    try:
        raise error
    except KeyError, IndexError:
        return "lookup"
    except ValueError, \\
            TypeError,:
        return "value or type"
    except (lambda kinds: kinds[0])([OSError, None]), ZeroDivisionError:  # OSError, ZeroDivisionError
        return "os or zero"
    except Exception:
        return "other"


print([catch(e) for e in (KeyError(), IndexError(), TypeError(), ZeroDivisionError(), OSError(), RuntimeError())])


class Config:
    try:
        value = int("x")
    except ValueError, TypeError:
        value = -1


print(Config.value)


def line():
    try:
        {}["k"]
    except TypeError, KeyError:
        return sys.exc_info()[2].tb_lineno


print(line())
'''


@pytest.mark.slow  # five interpreters
@pytest.mark.parametrize("version", ["3.8", "3.11", "3.12", "3.13", "pypy3.11"])
def test_a_module_catches_as_on_315(version, tmp_path):
    original = tmp_path / "original.py"
    original.write_text(MODULE)
    expected = subprocess.run([oracle(), str(original)], capture_output=True, text=True)
    assert expected.returncode == 0, expected.stderr
    lowered = tmp_path / "lowered.py"
    lowered.write_text(transpile(MODULE, version if version[0].isdigit() else "3.8", "m.py"))
    got = subprocess.run([executable(version), str(lowered)], capture_output=True, text=True, env=child_environment())
    assert (got.returncode, got.stdout) == (0, expected.stdout), got.stderr


STAR_MODULE = """\
def catch(*errors):
    caught = []
    try:
        raise ExceptionGroup("g", list(errors))
    except* KeyError, IndexError as_group:
        caught.append("lookup")
    except* ValueError:
        caught.append("value")
    return caught


print(catch(KeyError(1), ValueError(2)), catch(IndexError(3)))
""".replace(" as_group", "")


@pytest.mark.slow
@pytest.mark.parametrize("version", ["3.11", "3.12", "3.13", "pypy3.11"])
def test_except_star_catches_as_on_315(version, tmp_path):
    """``except*`` is 3.11 syntax: the rewrite runs where it exists."""
    original = tmp_path / "original.py"
    original.write_text(STAR_MODULE)
    expected = subprocess.run([oracle(), str(original)], capture_output=True, text=True)
    assert expected.returncode == 0 and expected.stdout == "['lookup', 'value'] ['lookup']\n", expected.stderr
    lowered = tmp_path / "lowered.py"
    lowered.write_text(transpile(STAR_MODULE, "3.11", "m.py"))
    got = subprocess.run([executable(version), str(lowered)], capture_output=True, text=True)
    assert (got.returncode, got.stdout) == (0, expected.stdout), got.stderr
