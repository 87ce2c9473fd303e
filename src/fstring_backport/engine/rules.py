"""The problems ``fstring-backport --check`` reports, each a named rule with a stable code.

A code never changes meaning and is never reused: users cite them in
configuration and in bug reports.  FB1xx are f-strings that older Pythons
reject, FB2xx f-strings they accept but read differently, FB3xx t-strings, FB4xx other
syntax of newer Pythons.
docs/rules.md describes each rule (a test keeps it in step with this list).
"""

from typing import NamedTuple, Tuple


class Rule(NamedTuple):
    code: str
    name: str  # a stable slug, as ruff names its rules
    message: str
    needs: Tuple[int, int]  # the oldest Python that reads the construct as 3.15 does

    def describe(self, target: Tuple[int, int]) -> str:
        """``FB101 quote reused inside an f-string (needs Python 3.12; target 3.8)``"""
        return "{} {} (needs Python {}.{}; target {}.{})".format(self.code, self.message, *self.needs, *target)


QUOTE_REUSED = Rule("FB101", "quote-reused", "quote reused inside an f-string", (3, 12))
BACKSLASH_IN_EXPRESSION = Rule("FB102", "backslash-in-expression", "backslash in an f-string expression", (3, 12))
COMMENT_IN_EXPRESSION = Rule("FB103", "comment-in-expression", "comment in an f-string expression", (3, 12))
LINE_BREAK_IN_SINGLE_QUOTED = Rule(
    "FB104", "line-break-in-single-quoted", "line break in a single-quoted f-string", (3, 12)
)
CONTINUATION_IN_EXPRESSION = Rule(
    "FB105", "continuation-in-expression", "line continuation in an f-string expression", (3, 12)
)
SPEC_NESTED_TOO_DEEPLY = Rule("FB106", "spec-nested-too-deeply", "f-string format spec nested too deeply", (3, 12))
WHITESPACE_AFTER_CONVERSION = Rule(
    "FB107", "whitespace-after-conversion", "whitespace after an f-string conversion", (3, 12)
)
DEBUG_TEXT_DIFFERS = Rule(
    "FB201", "debug-text-differs", "debug text that older Pythons show differently", (3, 12)
)
CONVERSION_BEFORE_SPEC = Rule(
    "FB202",
    "conversion-before-spec",
    "conversion that older Pythons apply after the format spec's fields",
    (3, 13),
)
TSTRING = Rule("FB301", "t-string", "t-string", (3, 14))
EXCEPT_WITHOUT_PARENTHESES = Rule(
    "FB401", "except-without-parentheses", "exception types without parentheses", (3, 14)
)

RULES = (
    QUOTE_REUSED,
    BACKSLASH_IN_EXPRESSION,
    COMMENT_IN_EXPRESSION,
    LINE_BREAK_IN_SINGLE_QUOTED,
    CONTINUATION_IN_EXPRESSION,
    SPEC_NESTED_TOO_DEEPLY,
    WHITESPACE_AFTER_CONVERSION,
    DEBUG_TEXT_DIFFERS,
    CONVERSION_BEFORE_SPEC,
    TSTRING,
    EXCEPT_WITHOUT_PARENTHESES,
)
