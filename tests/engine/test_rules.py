"""Each rule of ``--check``: its code, its example, and what old Pythons do with it.

Every example breaks exactly its own rule.  An FB1xx, FB3xx or FB4xx
example is rejected by Python 3.11 and runs on 3.15; an FB2xx example runs
on both, differently; the rewrite of every example runs on 3.11 as the
original on 3.15.
"""

import re

import pytest

from fstring_backport import transpile
from fstring_backport.engine import rules
from fstring_backport.engine.pipeline import find_problems

from support.pythons import REPO, interpreter, oracle, outcomes

# code -> (program, line, column of the problem)
EXAMPLES = {
    "FB101": ('d = {"k": 1}\nprint(f"{d["k"]}")\n', 2, 12),
    "FB102": ("a = ['x', 'y']\nprint(f\"{'\\n'.join(a)}\")\n", 2, 11),
    "FB103": ('x = 1\nprint(f"""{x  # note\n}""")\n', 2, 15),
    "FB104": ('x = 1\nprint(f"{x +\n 1}")\n', 2, 13),
    "FB105": ('x = 1\nprint(f"""{x + \\\n 1}""")\n', 2, 16),
    "FB106": ('x, y, z = 1, 5, ""\nprint(f"{x:{y:{z}}}|")\n', 2, 15),
    "FB107": ('x = "a"\nprint(f"{x!r }")\n', 2, 13),
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
}


@pytest.fixture(scope="module")
def runs():
    """code -> what python3.15 and 3.11 make of the example, and 3.11 of its
    rewrite for 3.8 (one process for each)."""
    codes = sorted(EXAMPLES)
    examples = [("", EXAMPLES[code][0]) for code in codes]
    rewrites = [("", transpile(EXAMPLES[code][0], "3.8")) for code in codes]
    found = zip(outcomes(oracle(), examples), outcomes(interpreter("3.11"), examples),
                outcomes(interpreter("3.11"), rewrites))
    return dict(zip(codes, found))


def test_every_rule_has_a_unique_code_and_name_and_an_example():
    codes = [rule.code for rule in rules.RULES]
    assert len(set(codes)) == len(codes) == len({rule.name for rule in rules.RULES})
    assert all(re.fullmatch(r"FB[1234]\d\d", code) for code in codes)
    assert sorted(EXAMPLES) == sorted(codes)


@pytest.mark.parametrize("rule", rules.RULES, ids=lambda rule: rule.code)
def test_the_example_breaks_its_rule_alone(rule):
    source, line, column = EXAMPLES[rule.code]
    assert find_problems(source, "3.8") == [(line, column, rule)]
    assert find_problems(source, "3.11") == [(line, column, rule)]
    assert find_problems(source, "{}.{}".format(*rule.needs)) == []


@pytest.mark.parametrize("rule", rules.RULES, ids=lambda rule: rule.code)
def test_old_pythons_reject_or_misread_the_example_and_its_rewrite_agrees(rule, runs):
    on_315, on_311, rewritten = runs[rule.code]
    assert on_315[1] is None and on_315[0], on_315
    if not rule.code.startswith("FB2"):
        assert on_311 == ("", "SyntaxError")
    else:
        assert on_311[1] is None and on_311[0] != on_315[0]
    assert rewritten == on_315


def test_docs_list_every_rule_as_the_code_names_it():
    text = (REPO / "docs" / "rules.md").read_text()
    rows = re.findall(r"^\| (FB\d+) \| ([\w-]+) \| (.+?) \| (3\.\d+) \|$", text, re.MULTILINE)
    assert rows == [
        (rule.code, rule.name, rule.message, "{}.{}".format(*rule.needs)) for rule in rules.RULES
    ]
    sections = re.findall(r"^## (FB\d+) ([\w-]+)$", text, re.MULTILINE)
    assert sections == [(rule.code, rule.name) for rule in rules.RULES]


def test_a_quote_reused_in_a_multi_line_field_is_found_on_every_line():
    # ruff reports each of these; the first --check stopped at the line break.
    source = 'x = f"{\'-\'.join([\n    "a", "b"])}"\n'
    found = [(line, column, rule.code) for line, column, rule in find_problems(source, "3.8")]
    assert found == [(1, 18, "FB104"), (2, 5, "FB101"), (2, 10, "FB101")]


def test_a_quote_reused_by_a_nested_fstring_is_one_problem():
    found = find_problems('f"{f"{x}"}"\n', "3.8")
    assert [(line, column, rule.code) for line, column, rule in found] == [(1, 5, "FB101")]  # the quote itself
