"""Each rule of ``--check``: its code, its example, and what old Pythons do with it.

Every example breaks exactly its own rule, for a target just before the
Python that first reads it.  An example of a rule the tool rewrites (an
FB1xx, FB3xx or lowered FB4xx rule) is rejected by Python 3.11 or the
Python before its rule's and runs on 3.15, an FB2xx example runs on both,
differently, and the rewrite of every one runs on 3.11 as the original on
3.15.  An example of newer grammar the tool leaves (an FB4xx rule that no
version lowers): the Python just before the one its rule names rejects it,
3.15 runs it, and the output keeps it as it is.
"""

import re

import pytest

from fstring_backport import transpile
from fstring_backport.engine import rules
from fstring_backport.engine.pipeline import find_problems, find_unlowered

from support.pythons import REPO, interpreter, oracle, outcomes
from support.rule_examples import EXAMPLES


def before(rule):
    """The last Python that does not read the rule's construct as 3.15 does."""
    return f"{rule.needs[0]}.{rule.needs[1] - 1}"


def checked_at(rule):
    """The Python an example is checked against: the last before its rule's,
    but 3.11 for the strings' rules (pyenv's 3.12.1 misreads f-strings)."""
    return "3.11" if rule.needs >= (3, 12) and rule.lowered_since else before(rule)


@pytest.fixture(scope="module")
def runs():
    """code -> what python3.15 makes of the example, what the Python before
    its rule's makes of it (3.11 for a rule that is rewritten), and what
    3.11 makes of its rewrite for 3.8 (one process for each Python)."""
    codes = sorted(EXAMPLES)
    examples = [("", EXAMPLES[code][0]) for code in codes]
    rewrites = [("", transpile(EXAMPLES[code][0], "3.8")) for code in codes]
    older = {code: checked_at(rules.BY_CODE[code]) for code in codes}
    on_older = {}
    for version in sorted(set(older.values())):
        mine = [code for code in codes if older[code] == version]
        on_older.update(zip(mine, outcomes(interpreter(version), [("", EXAMPLES[code][0]) for code in mine])))
    found = zip(outcomes(oracle(), examples), [on_older[code] for code in codes],
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
    assert find_problems(source, checked_at(rule)) == [(line, column, rule)]
    assert (line, column, rule) in find_problems(source, "3.8")
    assert find_problems(source, "{}.{}".format(*rule.needs)) == []
    if rule.lowered_since is None:
        assert find_unlowered(source, before(rule)) == [(line, column, rule)]
        needs = "{}.{}".format(*rule.needs)
        assert rule.describe((3, 8)) == f"{rule.code} {rule.message} needs Python {needs} (target 3.8)"
    else:
        assert find_unlowered(source, "3.8") == []


@pytest.mark.parametrize("rule", rules.RULES, ids=lambda rule: rule.code)
def test_old_pythons_reject_or_misread_the_example_and_its_rewrite_agrees(rule, runs):
    on_315, on_older, rewritten = runs[rule.code]
    assert on_315[1] is None and on_315[0], on_315
    if not rule.code.startswith("FB2"):
        assert on_older == ("", "SyntaxError"), on_older
    else:
        assert on_older[1] is None and on_older[0] != on_315[0]
    if rule.lowered_since is None:
        assert transpile(EXAMPLES[rule.code][0], "3.8") == EXAMPLES[rule.code][0]
    else:
        assert rewritten == on_315


def test_docs_list_every_rule_as_the_code_names_it():
    text = (REPO / "docs" / "rules.md").read_text()
    rows = re.findall(r"^\| (FB\d+) \| ([\w-]+) \| (.+?) \| (3\.\d+) \|$", text, re.MULTILINE)
    assert rows == [
        (rule.code, rule.name, rule.message, "{}.{}".format(*rule.needs)) for rule in rules.RULES
    ]
    sections = re.findall(r"^## (FB\d+) ([\w-]+)$", text, re.MULTILINE)
    assert sections == [(rule.code, rule.name) for rule in rules.RULES]


def test_docs_say_which_rules_are_rewritten_and_which_only_named():
    text = " ".join((REPO / "docs" / "rules.md").read_text().split())
    rewritten = re.search(r"^(.*?) are rewritten by", text[text.index("FB101-"):]).group(1)
    named = re.search(r"The other FB4xx rules \((.*?)\) are newer grammar", text).group(1)

    def codes(listed: str) -> set:
        found = set()
        for low, high in re.findall(r"FB(\d+)(?:-FB(\d+))?", listed):
            found |= {rule.code for rule in rules.RULES if int(low) <= int(rule.code[2:]) <= int(high or low)}
        return found

    assert codes(rewritten) == {rule.code for rule in rules.RULES if rule.lowered_since is not None}
    assert codes(named) == {rule.code for rule in rules.UNLOWERED}


def test_a_quote_reused_in_a_multi_line_field_is_found_on_every_line():
    # ruff reports each of these; the first --check stopped at the line break.
    source = 'x = f"{\'-\'.join([\n    "a", "b"])}"\n'
    found = [(line, column, rule.code) for line, column, rule in find_problems(source, "3.8")]
    assert found == [(1, 18, "FB104"), (2, 5, "FB101"), (2, 10, "FB101")]


def test_a_quote_reused_by_a_nested_fstring_is_one_problem():
    found = find_problems('f"{f"{x}"}"\n', "3.8")
    assert [(line, column, rule.code) for line, column, rule in found] == [(1, 5, "FB101")]  # the quote itself


def test_the_grammar_page_says_what_the_table_says():
    # docs/grammar.md: a row per construct, its first Python, lowered or named, its rules.
    text = (REPO / "docs" / "grammar.md").read_text()
    row = r"^\| [^|]+ \| .+? \| (3\.\d+) \| (named|lowered since [\d.]+) \| ([^|]+) \|$"
    rows = re.findall(row, text, re.MULTILINE)
    seen = set()
    for first, fate, codes in rows:
        named = [rules.BY_CODE[code] for code in re.findall(r"FB\d+", codes)]
        if "-" in codes:  # FB101-FB107: the range
            low, high = (int(code[2:]) for code in re.findall(r"FB\d+", codes)[:2])
            named = [rule for rule in rules.RULES if low <= int(rule.code[2:]) <= high] + named[2:]
        for rule in named:
            seen.add(rule.code)
            assert fate == ("named" if rule.lowered_since is None else f"lowered since {rule.lowered_since}"), rule
            version = tuple(int(part) for part in first.split("."))
            # an f-string rule may need a later Python (3.12 misreads FB202's)
            assert rule.needs == version if rule.lowered_since is None else rule.needs >= version, rule
    assert seen == {rule.code for rule in rules.RULES}
