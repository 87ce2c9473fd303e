"""Compare our tokens with CPython's ``tokenize.generate_tokens`` (3.12+).

Run as a script by another interpreter (``python3.15 cpython_tokens.py``,
file paths as JSON on stdin), it compares them with *that* interpreter's
tokenize and prints what :func:`agreement` returns, as JSON: so a test on an
older Python still checks against 3.14's and 3.15's tokenize (t-strings).

Both sides are brought to one form, ``(type, text, start, end)`` with
CPython's 1-based lines and 0-based columns.  Our extra kinds are dropped:
``WHITESPACE`` and ``CONTINUATION`` carry the bytes CPython's module leaves
out.  Beyond that, the normalisation is this, and only this:

1. ``FSTRING_MIDDLE`` and ``TSTRING_MIDDLE``: CPython splits a piece of literal text at every
   ``{{``/``}}``, reports the doubled brace once in the text, and emits an
   empty piece where a format spec starts or resumes with a field.  Its end
   positions are computed from the shortened text and so fall short.  We
   keep one token per run of source text.  So CPython's adjacent pieces are
   joined (empty ones dropped), our text has ``{{``/``}}`` halved, and the end
   of a piece is not compared: it is the start of the next token, which is.
2. An input that does not end with a line break: CPython invents one, so its
   final ``NEWLINE``/``NL`` is one column wide and the closing ``DEDENT``s and
   ``ENDMARKER`` sit on a line after the last.  Ours are empty and sit at the
   end of the text; we compare the start of that ``NEWLINE``/``NL`` and move
   the closing tokens to where CPython puts them.
3. Python 3.12 only: the end column of a token spanning several lines is
   counted in UTF-8 bytes on the last line and turned back into characters
   using the text from the token's *first* line (fixed in 3.13).  Under 3.12
   our end column is converted the same way.

The end of any other token is the position just after its last character on
that character's line, which is how CPython reports a token ending in a
line break.
"""

import io
import json
import sys
import tokenize as std_tokenize
import warnings
from typing import Dict, List, Optional, Tuple

from fstring_backport.engine import lexer
from fstring_backport.engine.parsed import LineIndex

Position = Tuple[int, int]
Row = Tuple[str, str, Position, Optional[Position]]

_SKIPPED = (lexer.WHITESPACE, lexer.CONTINUATION)
_MIDDLES = (lexer.FSTRING_MIDDLE, lexer.TSTRING_MIDDLE)


def ours(text: str) -> List[Row]:
    index = LineIndex(text)
    starts = index.starts
    n = len(text)
    no_final_break = bool(text) and not text.endswith(("\n", "\r"))
    after_last_line = (index.position(n)[0] + 1, 0)
    old_end_columns = sys.version_info < (3, 13)
    rows: List[Row] = []
    line = 1  # tokens come in order, so one sweep finds every line

    def locate(offset: int) -> Position:
        nonlocal line
        while line < len(starts) and starts[line] <= offset:
            line += 1
        return line, offset - starts[line - 1]

    for token in lexer.tokenize(text):
        if token.kind in _SKIPPED:
            continue
        value = token.text
        start = locate(token.offset)
        end: Optional[Position]
        if value:
            if "\n" in value or "\r" in value:
                end_line, col = index.position(token.end - 1)
            else:
                end_line, col = start[0], start[1] + len(value) - 1
            end = (end_line, col + 1)
            if end_line != start[0] and old_end_columns:
                nbytes = len(index.line_text(end_line)[: col + 1].encode("utf-8"))
                first = text[starts[start[0] - 1] :].encode("utf-8")
                end = (end_line, len(first[:nbytes].decode("utf-8", "replace")))
        else:
            end = start
        if token.kind in _MIDDLES:
            value = value.replace("{{", "{").replace("}}", "}")
            end = None
        elif token.offset == n and no_final_break:
            if token.kind in (lexer.NEWLINE, lexer.NL):
                end = None
            elif token.kind in (lexer.DEDENT, lexer.ENDMARKER):
                start = end = after_last_line
        rows.append((token.kind, value, start, end))
    return rows


def theirs(text: str) -> List[Row]:
    rows: List[Row] = []
    readline = io.StringIO(text, newline="").readline
    for token in std_tokenize.generate_tokens(readline):
        kind = std_tokenize.tok_name[token.type]
        if kind in _MIDDLES:
            if not token.string:
                continue
            if rows and rows[-1][0] == kind:
                _, value, start, _ = rows.pop()
                rows.append((kind, value + token.string, start, None))
            else:
                rows.append((kind, token.string, token.start, None))
        elif kind in ("NEWLINE", "NL") and not token.string:
            rows.append((kind, token.string, token.start, None))
        else:
            rows.append((kind, token.string, token.start, token.end))
    return rows


def first_difference(text: str) -> Optional[str]:
    """None when both agree, else a short report around the first difference."""
    return describe_difference(ours(text), theirs(text))


def describe_difference(a: List[Row], b: List[Row]) -> Optional[str]:
    if a == b:
        return None
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    return f"token {i}:\n  ours:    {a[max(0, i - 1) : i + 2]}\n  CPython: {b[max(0, i - 1) : i + 2]}"


def _compiles(text: str, path: str) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compile(text, path, "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return False
    return True


def agreement(paths: List[str]) -> Dict[str, object]:
    """Compare both tokenizers on each file: how many compared, where they differ.

    A file CPython's tokenize refuses is not compared (bad-syntax test
    fixtures), and a difference counts only where this Python compiles the
    file: CPython's tokenize also passes some text its compiler rejects.
    """
    from fstring_backport.engine.errors import TranspileError
    from fstring_backport.engine.source import decode_source

    checked = 0
    differences = []
    for path in paths:
        try:
            with open(path, "rb") as f:
                text = decode_source(f.read(), path).text
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                expected = theirs(text)
        except (SyntaxError, std_tokenize.TokenError):
            continue
        try:
            difference = describe_difference(ours(text), expected)
        except TranspileError as exc:
            difference = exc.located()
        if difference and _compiles(text, path):
            differences.append(f"{path}: {difference}")
        checked += 1
    return {"python": "{}.{}".format(*sys.version_info), "checked": checked, "differences": differences}


if __name__ == "__main__":
    print(json.dumps(agreement(json.load(sys.stdin))))
