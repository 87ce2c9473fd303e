"""Would Python 3.8-3.11 accept this f-string as written, and read it alike?

Before 3.12 an f-string is first scanned as a plain string literal, then its
fields are parsed.  So (measured on 3.8 and 3.11):

* the whole body, nested strings included, must be a valid body of a plain
  string with the f-string's delimiter;
* an expression part may contain no backslash and no comment, and for an
  f-string nested in an expression part that covers all of its text;
* a field in a format spec may not have fields in its own spec;
* nothing may follow a conversion character but ``:`` or ``}``.

Two more differences change meaning rather than syntax: 3.12 and 3.13
process escapes in the format spec of a *raw* f-string (``rf'{x:\\x3e5}'``
pads to 5) where older Pythons keep the backslash; and where 3.12 shows a
debug field's text other than as written (see :func:`fstrings.debug_text`).
Such f-strings are rewritten too.

:func:`first_problem` names the first reason, with its offset, for
``fstring-backport --check``.
"""

import re
from typing import List, Optional, Tuple

from .fstrings import Field, FString, Literal, debug_text
from .lexer import COMMENT, CONTINUATION, STRING_BODY, Token
from .literals import normalise_newlines

Problem = Tuple[int, str]  # (offset, what is wrong)

_BODY_STOP = {
    "'": re.compile(r"(?:[^\\'\r\n]|\\(?:\r\n|[\s\S]))*"),
    '"': re.compile(r'(?:[^\\"\r\n]|\\(?:\r\n|[\s\S]))*'),
    "'''": re.compile(r"(?:[^\\']|\\[\s\S]|'(?!''))*"),
    '"""': re.compile(r'(?:[^\\"]|\\[\s\S]|"(?!""))*'),
}


def accepted_before_312(tokens: List[Token], source: str, node: FString) -> bool:
    return first_problem(tokens, source, node) is None


def first_problem(tokens: List[Token], source: str, node: FString) -> Optional[Problem]:
    """Why Python 3.11 would reject or misread ``node``, or None."""
    return _fstring_problem(tokens, source, node, in_expression=False)


def _fstring_problem(
    tokens: List[Token], source: str, node: FString, in_expression: bool
) -> Optional[Problem]:
    start = tokens[node.start]
    end = tokens[node.end]
    body = STRING_BODY[end.text].match(source, start.end)
    if body is None or body.end() != end.end:
        stop = _BODY_STOP[end.text].match(source, start.end).end()
        if source[stop : stop + 1] in ("\r", "\n"):
            return stop, "line break in a single-quoted f-string"
        return stop, "f-string quote reused inside the f-string"
    if in_expression and "\\" in source[start.end : end.offset]:
        return start.end + source[start.end : end.offset].index("\\"), "backslash in an f-string expression"
    raw = "r" in start.text.lower()
    for field in _fields(node.parts):
        problem = _field_problem(tokens, source, field, 0, raw)
        if problem:
            return problem
    return None


def _as_written(tokens: List[Token], field: Field) -> str:
    text = "".join(t.text for t in tokens[field.expr_start : field.debug_end])
    return normalise_newlines(text)  # as every Python reads a source file


def _fields(parts) -> List[Field]:
    return [part for part in parts if isinstance(part, Field)]


def _field_problem(
    tokens: List[Token], source: str, field: Field, spec_level: int, raw: bool
) -> Optional[Problem]:
    for token in tokens[field.expr_start : field.expr_end]:
        if token.kind == COMMENT:
            return token.offset, "comment in an f-string expression"
        if token.kind == CONTINUATION:
            return token.offset, "line continuation in an f-string expression"
        if "\\" in token.text:
            return token.offset + token.text.index("\\"), "backslash in an f-string expression"
    if field.equals is not None and debug_text(tokens, field) != _as_written(tokens, field):
        return tokens[field.equals].offset, "debug text that Python 3.12 shows differently"
    if field.conversion is not None and tokens[field.conversion + 1].text not in (":", "}"):
        return tokens[field.conversion + 1].offset, "whitespace after an f-string conversion"
    for nested in field.fstrings:
        problem = _fstring_problem(tokens, source, nested, True)
        if problem:
            return problem
    if field.spec is None:
        return None
    for part in field.spec:
        if raw and isinstance(part, Literal) and "\\" in tokens[part.index].text:
            return tokens[part.index].offset, "escape in a raw f-string's format spec"
    nested_fields = _fields(field.spec)
    if nested_fields and spec_level >= 1:
        return tokens[nested_fields[0].open].offset, "f-string format spec nested too deeply"
    for nested_field in nested_fields:
        problem = _field_problem(tokens, source, nested_field, spec_level + 1, raw)
        if problem:
            return problem
    return None
