"""Source bytes in and out: PEP 263 coding cookies and the UTF-8 BOM.

Bytes are decoded the way CPython decodes a module and encoded back the same
way, so a file that needs no change comes back byte for byte.
"""

import io
import tokenize
from typing import NamedTuple

from .errors import TranspileError


class DecodedSource(NamedTuple):
    text: str
    encoding: str  # a codec name; "utf-8-sig" when the file has a BOM


def decode_source(data: bytes, filename: str = "<unknown>") -> DecodedSource:
    """Decode module source by its BOM or coding cookie (UTF-8 by default)."""
    try:
        # detect_encoding reads at most two lines and never tokenizes, so
        # the running Python's grammar does not matter here.
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as exc:
        raise TranspileError.from_syntax_error(exc, filename) from exc
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        bad = data[exc.start : exc.start + 1]
        if encoding in ("utf-8", "utf-8-sig"):
            msg = (
                f"Non-UTF-8 code starting with '\\x{bad[0]:02x}' in file {filename} on line {line}, "
                "but no encoding declared; see https://peps.python.org/pep-0263/ "
                "for details"
            )
        else:
            msg = f"(unicode error) {exc}"
        raise TranspileError(msg, filename, line, exc.start - line_start + 1) from exc
    return DecodedSource(text, encoding)  # the utf-8-sig codec drops the BOM


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
