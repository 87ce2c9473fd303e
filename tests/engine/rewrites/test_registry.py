"""The registry of rewrites: every rule the tool lowers belongs to exactly
one rewrite, each rewrite reports only its own rules, and each has its test
module here."""

from pathlib import Path

import pytest

from fstring_backport.engine import rules
from fstring_backport.engine.constructs import constructs
from fstring_backport.engine.lexer import lex
from fstring_backport.engine.rewrites import CONSTRUCT_REWRITES, REWRITES
from fstring_backport.engine.rewrites.module import Module

from support.rule_examples import EXAMPLES

HERE = Path(__file__).parent


def name(rewrite):
    return rewrite.__name__.rsplit(".", 1)[-1]


def test_every_lowered_rule_has_one_rewrite():
    owners = [rule for rewrite in REWRITES for rule in rewrite.RULES]
    lowered = [rule for rule in rules.RULES if rule not in rules.UNLOWERED]
    assert sorted(owners, key=lambda rule: rule.code) == lowered


def test_the_grammar_constructs_finds_and_a_rewrite_lowers_has_its_quick_check():
    """Where a rewrite lowers what the constructs reader finds, the safety net
    learns from its MAY_HOLD that a target reading it keeps it."""
    found = set()
    for code, (program, _, _) in EXAMPLES.items():
        found.update(c.rule for c in constructs(lex(program)) if c.rule.code == code)
    lowered = {rule for rule in found if rule not in rules.UNLOWERED}
    owners = {rule for rewrite in CONSTRUCT_REWRITES for rule in rewrite.RULES}
    assert lowered == owners
    for rewrite in CONSTRUCT_REWRITES:
        program = EXAMPLES[rewrite.RULES[0].code][0]
        assert rewrite.MAY_HOLD(program.encode()), name(rewrite)


@pytest.mark.parametrize("rewrite", REWRITES, ids=name)
def test_each_rewrite_has_its_tests_beside_the_others(rewrite):
    assert (HERE / f"test_{name(rewrite)}.py").is_file()


@pytest.mark.parametrize("rewrite", REWRITES, ids=name)
def test_a_rewrite_reports_its_own_rules_and_no_other(rewrite):
    for code, (program, line, column) in EXAMPLES.items():
        rule = rules.BY_CODE[code]
        module = Module(lex(program))
        found = {(module.parsed.position(offset), what) for offset, what in rewrite.problems(module, (3, 8))}
        if rule in rewrite.RULES:
            assert ((line, column - 1), rule) in found, code
        assert all(what in rewrite.RULES for _, what in found), (code, found)
