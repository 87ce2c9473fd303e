"""Would Python 3.8-3.11 accept this f-string as written?

Before 3.12 an f-string is first scanned as a plain string literal, then its
fields are parsed.  So (measured on 3.8 and 3.11):

* the whole body, nested strings included, must be a valid body of a plain
  string with the f-string's delimiter;
* an expression part may contain no backslash and no comment, and for an
  f-string nested in an expression part that covers all of its text;
* a field in a format spec may not have fields in its own spec;
* nothing may follow a conversion character but ``:`` or ``}``.

One more difference changes meaning rather than syntax: 3.12 and 3.13
process escapes in the format spec of a *raw* f-string (``rf'{x:\x3e5}'``
pads to 5), older Pythons keep the backslash.  And where 3.12 shows a debug
field's text other than as written (see :func:`fstrings.debug_text`), the
field is rewritten too.
"""

from typing import List

from .fstrings import Field, FString, Literal, debug_text
from .lexer import STRING_BODY, COMMENT, Token
from .literals import normalise_newlines


def accepted_before_312(tokens: List[Token], source: str, node: FString) -> bool:
    return _fstring_ok(tokens, source, node, in_expression=False)


def _fstring_ok(tokens: List[Token], source: str, node: FString, in_expression: bool) -> bool:
    start = tokens[node.start]
    end = tokens[node.end]
    body = STRING_BODY[end.text].match(source, start.end)
    if body is None or body.end() != end.end:
        return False
    if in_expression and "\\" in source[start.end : end.offset]:
        return False
    raw = "r" in start.text.lower()
    return all(_field_ok(tokens, source, field, 0, raw) for field in _fields(node.parts))


def _as_written(tokens: List[Token], field: Field) -> str:
    text = "".join(t.text for t in tokens[field.expr_start : field.debug_end])
    return normalise_newlines(text)  # as every Python reads a source file


def _fields(parts) -> List[Field]:
    return [part for part in parts if isinstance(part, Field)]


def _field_ok(tokens: List[Token], source: str, field: Field, spec_level: int, raw: bool) -> bool:
    for token in tokens[field.expr_start : field.expr_end]:
        if token.kind == COMMENT or "\\" in token.text:
            return False
    if field.equals is not None and debug_text(tokens, field) != _as_written(tokens, field):
        return False
    if field.conversion is not None and tokens[field.conversion + 1].text not in (":", "}"):
        return False
    if not all(_fstring_ok(tokens, source, nested, True) for nested in field.fstrings):
        return False
    if field.spec is None:
        return True
    if raw and any("\\" in tokens[p.index].text for p in field.spec if isinstance(p, Literal)):
        return False
    nested_fields = _fields(field.spec)
    if nested_fields and spec_level >= 1:
        return False
    return all(_field_ok(tokens, source, f, spec_level + 1, raw) for f in nested_fields)
