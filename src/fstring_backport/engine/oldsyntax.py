"""Would Python 3.8-3.11 accept this f-string as written, and read it alike?

Before 3.12 an f-string is first scanned as a plain string literal, then its
fields are parsed.  So (measured on 3.8 and 3.11):

* the whole body, nested strings included, must be a valid body of a plain
  string with the f-string's delimiter;
* an expression part may contain no backslash and no comment, and for an
  f-string nested in an expression part that covers all of its text;
* a field in a format spec may not have fields in its own spec;
* nothing may follow a conversion character but ``:`` or ``}``.

Two more differences change meaning rather than syntax: a debug field whose
text 3.15 shows other than as written (its comments removed, see
:func:`fstrings.debug_text`), where old Pythons show the text as written;
and a field with a conversion and fields in its format spec
(``{x!r:{w}}``), whose conversion 3.13+ applies before evaluating the
spec's fields and old Pythons after.  Such f-strings are rewritten too.
A t-string in a field makes the f-string one to rewrite too (FB301): it
becomes a call.  Old Pythons already read the rest as 3.15 does: the text before a ``!=`` in
a debug field, and the escapes of a raw f-string's format spec (kept, as
3.15 keeps them).

:func:`old_syntax_problems` names every reason, each with its offset, for
``fstring-backport --check``.
"""

from typing import Iterator, List, Sequence, Tuple

from . import rules
from .fstrings import Field, FString, Literal, Part, debug_text
from .lexer import (
    COMMENT,
    CONTINUATION,
    FSTRING_END,
    FSTRING_START,
    STRING_BODY,
    TSTRING_END,
    TSTRING_START,
    Token,
)
from .lexical import is_raw
from .literals import body_end, normalise_newlines
from .parsed import Parsed
from .rules import Rule
from .targets import CURRENT_FSTRINGS

Problem = Tuple[int, Rule]  # (offset, the rule it breaks)


def accepted_before_312(parsed: Parsed, node: FString) -> bool:
    return next(old_syntax_problems(parsed, node), None) is None


def old_syntax_problems(parsed: Parsed, node: FString) -> Iterator[Problem]:
    """Every reason Python 3.11 would reject or misread ``node``, in order."""
    return _fstring_problems(parsed, node, in_expression=False)


def _fstring_problems(
    parsed: Parsed, node: FString, in_expression: bool
) -> Iterator[Problem]:
    tokens, source = parsed.tokens, parsed.text
    start = tokens[node.start]
    end = tokens[node.end]
    body = STRING_BODY[end.text].match(source, start.end)
    if body is None or body.end() != end.end:
        yield from _plain_body_problems(parsed, node)
    raw = is_raw(start.text)
    for field in _fields(node.parts):
        yield from _field_problems(parsed, field, 0, raw, in_expression)
    if in_expression:
        for part in node.parts:
            if isinstance(part, Literal) and "\\" in tokens[part.index].text:
                text = tokens[part.index]
                yield text.offset + text.text.index("\\"), rules.BACKSLASH_IN_EXPRESSION


def _plain_body_problems(parsed: Parsed, node: FString) -> Iterator[Problem]:
    """Where the f-string's body, read as a plain string's, would end early.

    Each nested literal that reuses the quote is reported once (not its
    closing quote too), and a line break in a single-quoted f-string once.
    """
    tokens, source = parsed.tokens, parsed.text
    delimiter = tokens[node.end].text
    stop_at = tokens[node.end].offset
    position = tokens[node.start].end
    index = node.start + 1
    line_break_seen = False
    while True:
        position = body_end(source, position, delimiter)
        if position >= stop_at:
            return
        while tokens[index].end <= position:
            index += 1
        token = tokens[index]  # the token that holds the stop
        if source[position] in "\r\n":
            if not line_break_seen:
                yield position, rules.LINE_BREAK_IN_SINGLE_QUOTED
                line_break_seen = True
            position += 2 if source.startswith("\r\n", position) else 1
            continue
        if token.kind != FSTRING_END and token.kind != TSTRING_END:  # a nested one's end: its start was reported
            yield position, rules.QUOTE_REUSED
        position = max(token.end, position + 1)


def _as_written(tokens: List[Token], field: Field) -> str:
    text = "".join(t.text for t in tokens[field.expr_start : field.debug_end])
    return normalise_newlines(text)  # as every Python reads a source file


def converts_before_spec(field: Field) -> bool:
    """Does the order of conversion and spec fields differ before 3.13?

    Python 3.13 and later convert the value (``!r``) before evaluating the
    fields of its format spec; 3.8-3.12 evaluate them first.
    """
    return field.conversion is not None and any(isinstance(part, Field) for part in field.spec or ())


def read_otherwise_before_313(parsed: Parsed, node: FString) -> bool:
    """Whether 3.12 reads ``node``, or an f-string in it, otherwise than
    3.13 and later (FB108, FB202): what a 3.12 target lowers."""
    return any(rule.needs == CURRENT_FSTRINGS for _, rule in old_syntax_problems(parsed, node))


def _fields(parts: Sequence[Part]) -> List[Field]:
    return [part for part in parts if isinstance(part, Field)]


def _field_problems(
    parsed: Parsed, field: Field, spec_level: int, raw: bool, in_expression: bool
) -> Iterator[Problem]:
    tokens = parsed.tokens
    commented = False
    i = field.expr_start
    while i < field.expr_end:
        token = tokens[i]
        if token.kind == FSTRING_START or token.kind == TSTRING_START:
            nested = next(f for f in field.fstrings if f.start == i)
            if nested.template:
                yield token.offset, rules.TSTRING  # lowered to a call, whatever is in it
            else:
                yield from _fstring_problems(parsed, nested, True)
            i = nested.end + 1
            continue
        if token.kind == COMMENT:
            commented = True
            yield token.offset, rules.COMMENT_IN_EXPRESSION
        elif token.kind == CONTINUATION:
            yield token.offset, rules.CONTINUATION_IN_EXPRESSION
        elif "\\" in token.text:
            yield token.offset + token.text.index("\\"), rules.BACKSLASH_IN_EXPRESSION
        i += 1
    if field.equals is not None and not commented and debug_text(tokens, field) != _as_written(tokens, field):
        # A comment after "=", or CPython's scan for comments miscounting quotes.
        yield tokens[field.equals].offset, rules.DEBUG_TEXT_DIFFERS
    if field.conversion is not None and converts_before_spec(field):
        yield tokens[field.conversion].offset - 1, rules.CONVERSION_BEFORE_SPEC
    if field.conversion is not None and tokens[field.conversion + 1].text not in (":", "}"):
        yield tokens[field.conversion + 1].offset, rules.WHITESPACE_AFTER_CONVERSION
    if field.spec is None:
        return
    for part in field.spec:
        if isinstance(part, Literal) and "\\" in tokens[part.index].text:
            text = tokens[part.index]
            if in_expression:
                yield text.offset + text.text.index("\\"), rules.BACKSLASH_IN_EXPRESSION
        if isinstance(part, Literal) and "{" in tokens[part.index].text:
            # Only "{{" after one of the spec's own fields is text there.
            text = tokens[part.index]
            yield text.offset + text.text.index("{"), rules.BRACE_IN_SPEC
    nested_fields = _fields(field.spec)
    if nested_fields and spec_level >= 1:
        yield tokens[nested_fields[0].open].offset, rules.SPEC_NESTED_TOO_DEEPLY
    for nested_field in nested_fields:
        yield from _field_problems(parsed, nested_field, spec_level + 1, raw, in_expression)
