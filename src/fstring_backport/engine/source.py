"""Source bytes in and out: PEP 263 coding cookies and the UTF-8 BOM.

Bytes are decoded the way CPython decodes a module and encoded back the same
way, so a file that needs no change comes back byte for byte.
"""

import codecs
import re
from typing import NamedTuple, Optional

from .errors import TranspileError

_BOM = codecs.BOM_UTF8
# PEP 263's cookie, on a line that holds only a comment; a line that holds
# nothing but blanks or a comment lets the second line hold it.
_COOKIE = re.compile(rb"[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)", re.ASCII)
_BLANK_OR_COMMENT = re.compile(rb"[ \t\f]*(?:[#\r\n]|\Z)", re.ASCII)


class DecodedSource(NamedTuple):
    text: str
    encoding: str  # a codec name; "utf-8-sig" when the file has a BOM


def decode_source(data: bytes, filename: str = "<unknown>") -> DecodedSource:
    """Decode module source by its BOM or coding cookie (UTF-8 by default),
    with CPython's messages for what it refuses."""
    encoding = _declared_encoding(data, filename)
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        decoded = exc.object  # after the BOM, which no column counts
        line = decoded.count(b"\n", 0, exc.start) + 1
        line_start = decoded.rfind(b"\n", 0, exc.start) + 1
        if encoding in ("utf-8", "utf-8-sig"):
            msg = (
                f"Non-UTF-8 code starting with '\\x{decoded[exc.start]:02x}' on line {line}, "
                "but no encoding declared; see https://peps.python.org/pep-0263/ for details"
            )
        else:
            msg = str(exc)
        raise TranspileError(msg, filename, line, exc.start - line_start + 1) from exc
    return DecodedSource(text, encoding)  # the utf-8-sig codec drops the BOM


def _declared_encoding(data: bytes, filename: str) -> str:
    """The codec that the BOM or the cookie names, as CPython's tokenizer
    finds it: from the lines' bytes, so that a cookie line need not be
    UTF-8 (``tokenize.detect_encoding`` requires it to be)."""
    bom = data.startswith(_BOM)
    start = len(_BOM) if bom else 0
    cookie: Optional[bytes] = None
    line_number = 1
    while cookie is None and line_number <= 2:
        end = data.find(b"\n", start)
        line = data[start : len(data) if end < 0 else end + 1]
        found = _COOKIE.match(line)
        if found is not None:
            cookie = found.group(1)
        elif end < 0 or not _BLANK_OR_COMMENT.match(line):
            break
        else:
            start = end + 1
            line_number += 1
    if cookie is None:
        return "utf-8-sig" if bom else "utf-8"
    name = _normal_name(cookie.decode("ascii"))
    try:
        codecs.lookup(name)
    except LookupError:
        raise TranspileError(f"unknown encoding: {name}", filename, line_number, 1) from None
    if bom:
        if name != "utf-8":
            raise TranspileError(f"encoding problem: {name} with BOM", filename, line_number, 1)
        return "utf-8-sig"
    return name


def _normal_name(name: str) -> str:
    """The names CPython's tokenizer gives UTF-8 and Latin-1 under their aliases."""
    folded = name[:12].lower().replace("_", "-")
    if folded == "utf-8" or folded.startswith("utf-8-"):
        return "utf-8"
    latin_1 = ("latin-1", "iso-8859-1", "iso-latin-1")
    if folded in latin_1 or folded.startswith(tuple(name + "-" for name in latin_1)):
        return "iso-8859-1"
    return name


def needs_no_decoding(data: bytes) -> bool:
    """True if ``decode_source`` would read ``data`` as UTF-8 and find no fault.

    So for ASCII with no coding cookie (none can be past the second line):
    its characters are its bytes.
    """
    if not data.isascii():
        return False
    second_line_end = data.find(b"\n", data.find(b"\n") + 1)
    return data.find(b"coding", 0, second_line_end if second_line_end >= 0 else len(data)) < 0


def encode_source(text: str, encoding: str) -> bytes:
    """Encode text back as ``decode_source`` found it (the BOM included)."""
    return text.encode(encoding)  # the utf-8-sig codec writes the BOM back
