"""The problems ``fstring-backport --check`` reports, each a named rule with a stable code.

A code never changes meaning and is never reused: users cite them in
configuration and in bug reports.  FB1xx are f-strings that older Pythons
reject, FB2xx f-strings they accept but read differently, FB3xx t-strings, FB4xx other
syntax of newer Pythons.  With ``needs`` and ``lowered_since`` this is the
one table of the grammar that Python 3.9-3.15 added: which Python first
reads each construct, and whether (since which release) the tool lowers
it for older ones.
docs/rules.md describes each rule (a test keeps it in step with this list).
"""

from typing import NamedTuple, Optional, Tuple

from .targets import CURRENT_FSTRINGS, NATIVE, NEWEST_GRAMMAR, TSTRINGS


class Rule(NamedTuple):
    code: str
    name: str  # a stable slug, as ruff names its rules
    message: str
    needs: Tuple[int, int]  # the oldest Python that reads the construct as 3.15 does
    # The release of fstring-backport that first lowers it for older
    # Pythons; None: it does not, and names it instead.
    lowered_since: Optional[str] = "0.1.0"

    def describe(self, target: Tuple[int, int]) -> str:
        """``FB101 quote reused inside an f-string (needs Python 3.12; target 3.8)``, for
        a construct that is rewritten; ``FB407 match statement needs Python 3.10
        (target 3.8)`` for one that is not."""
        if self.lowered_since is None:
            return "{} {} needs Python {}.{} (target {}.{})".format(self.code, self.message, *self.needs, *target)
        return "{} {} (needs Python {}.{}; target {}.{})".format(self.code, self.message, *self.needs, *target)


# PEP 701's grammar is NATIVE's, PEP 750's TSTRINGS'; other versions below
# are those of other PEPs (PEP 695's 3.12 is NATIVE only by chance).
QUOTE_REUSED = Rule("FB101", "quote-reused", "quote reused inside an f-string", NATIVE)
BACKSLASH_IN_EXPRESSION = Rule("FB102", "backslash-in-expression", "backslash in an f-string expression", NATIVE)
COMMENT_IN_EXPRESSION = Rule("FB103", "comment-in-expression", "comment in an f-string expression", NATIVE)
LINE_BREAK_IN_SINGLE_QUOTED = Rule(
    "FB104", "line-break-in-single-quoted", "line break in a single-quoted f-string", NATIVE
)
CONTINUATION_IN_EXPRESSION = Rule(
    "FB105", "continuation-in-expression", "line continuation in an f-string expression", NATIVE
)
SPEC_NESTED_TOO_DEEPLY = Rule("FB106", "spec-nested-too-deeply", "f-string format spec nested too deeply", NATIVE)
WHITESPACE_AFTER_CONVERSION = Rule(
    "FB107", "whitespace-after-conversion", "whitespace after an f-string conversion", NATIVE
)
DEBUG_TEXT_DIFFERS = Rule(
    "FB201", "debug-text-differs", "debug text that older Pythons show differently", NATIVE
)
BRACE_IN_SPEC = Rule(
    "FB108", "brace-in-format-spec", "doubled brace in a format spec after one of its fields", CURRENT_FSTRINGS
)
CONVERSION_BEFORE_SPEC = Rule(
    "FB202",
    "conversion-before-spec",
    "conversion that older Pythons apply after the format spec's fields",
    CURRENT_FSTRINGS,
)
TSTRING = Rule("FB301", "t-string", "t-string", TSTRINGS)
EXCEPT_WITHOUT_PARENTHESES = Rule(
    "FB401", "except-without-parentheses", "exception types without parentheses", (3, 14)
)


def _named(code: str, name: str, message: str, needs: Tuple[int, int]) -> Rule:
    """A construct that the tool names and does not lower."""
    return Rule(code, name, message, needs, lowered_since=None)


# Grammar of 3.9-3.15: what is ``_named`` the tool leaves as it is.
PARENTHESIZED_WITH = Rule("FB402", "parenthesized-with", "parenthesized context managers", (3, 9))
DECORATOR_EXPRESSION = Rule("FB403", "decorator-expression", "decorator beyond a dotted name and a call", (3, 9))
SET_WALRUS = Rule("FB404", "set-walrus", "unparenthesized assignment expression in a set", (3, 9))
STARRED_FOR_ITERABLE = Rule("FB405", "starred-for-iterable", "starred item in a for loop's iterable", (3, 9))
SUBSCRIPT_WALRUS = Rule("FB406", "subscript-walrus", "unparenthesized assignment expression in a subscript", (3, 10))
MATCH_STATEMENT = _named("FB407", "match-statement", "match statement", (3, 10))
EXCEPT_STAR = _named("FB408", "except-star", "except* clause", (3, 11))
STARRED_SUBSCRIPT = Rule("FB409", "starred-subscript", "starred item in a subscript", (3, 11))
STARRED_ANNOTATION = Rule("FB410", "starred-annotation", "starred annotation of *args", (3, 11))
TYPE_PARAMETERS = _named("FB411", "type-parameters", "type parameters", (3, 12))
TYPE_STATEMENT = Rule("FB412", "type-statement", "type statement", (3, 12))
TYPE_PARAMETER_DEFAULT = _named("FB413", "type-parameter-default", "type parameter default", (3, 13))
LAZY_IMPORT = Rule("FB414", "lazy-import", "lazy import", (3, 15))
COMPREHENSION_UNPACKING = Rule("FB415", "comprehension-unpacking", "unpacking in a comprehension", (3, 15))
# Its value sees the class's names (an annotation scope); the scopes in it
# (a lambda, a comprehension), the names the class mangles, a class inside
# a function and declared names see names in ways FB412's lowering does not copy.
TYPE_STATEMENT_IN_CLASS = _named("FB416", "type-statement-in-class", "type statement in a class body", (3, 12))

RULES = (
    QUOTE_REUSED,
    BACKSLASH_IN_EXPRESSION,
    COMMENT_IN_EXPRESSION,
    LINE_BREAK_IN_SINGLE_QUOTED,
    CONTINUATION_IN_EXPRESSION,
    SPEC_NESTED_TOO_DEEPLY,
    WHITESPACE_AFTER_CONVERSION,
    BRACE_IN_SPEC,
    DEBUG_TEXT_DIFFERS,
    CONVERSION_BEFORE_SPEC,
    TSTRING,
    EXCEPT_WITHOUT_PARENTHESES,
    PARENTHESIZED_WITH,
    DECORATOR_EXPRESSION,
    SET_WALRUS,
    STARRED_FOR_ITERABLE,
    SUBSCRIPT_WALRUS,
    MATCH_STATEMENT,
    EXCEPT_STAR,
    STARRED_SUBSCRIPT,
    STARRED_ANNOTATION,
    TYPE_PARAMETERS,
    TYPE_STATEMENT,
    TYPE_PARAMETER_DEFAULT,
    LAZY_IMPORT,
    COMPREHENSION_UNPACKING,
    TYPE_STATEMENT_IN_CLASS,
)
# The constructs the tool names but does not lower: a target before their
# "needs" cannot run a module that uses one.
UNLOWERED = tuple(rule for rule in RULES if rule.lowered_since is None)
BY_CODE = {rule.code: rule for rule in RULES}
# The first Python that reads all of it (NEWEST_GRAMMAR, kept where the
# hook reads it without loading this table): checked here once.
if NEWEST_GRAMMAR != max(rule.needs for rule in RULES):
    raise AssertionError("NEWEST_GRAMMAR is not the newest Python of the rules")
