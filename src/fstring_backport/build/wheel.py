"""Rewriting a wheel that a build backend made: what the wrapper backend
(:mod:`fstring_backport.build`) and ``python -m fstring_backport wheel`` share.

The wheel's ``.py`` and ``.pyi`` modules (at its root and under
``NAME.data/purelib`` and ``NAME.data/platlib``) are transpiled, the
t-string runtime copies they import are added, and ``RECORD`` gets their
hashes and sizes.  Every other member is copied as it is, its compressed
bytes untouched: each is read once, in chunks, and its hash checked against
``RECORD`` on the way (a ``RECORD`` that lies is refused).  Members keep
their order, timestamps, permissions and compression.  A wheel with nothing
to change is not written at all.

Only stored and deflated members and wheels under 4 GiB (no ZIP64 offsets)
are rewritten; the zip format is read through :mod:`zipfile` and written
here, since :mod:`zipfile` cannot copy a member without recompressing it.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import os
import re
import shutil
import struct
import zipfile
import zlib
from pathlib import Path
from typing import BinaryIO, Callable, NamedTuple

from ..engine.errors import TranspileError
from ..project.writing import writing_atomically
from .common import (
    RUNTIME_STEM,
    BuildError,
    BuildStep,
    Runtime,
    regular_packages,
    runtime_for,
    runtime_source,
)

# A wheel's file name (the binary distribution format's
# ``{name}-{version}(-{build})?-{python}-{abi}-{platform}.whl``).
WHEEL_NAME = re.compile(r"[^-/\\]+-[^-/\\]+(?:-\d[^-/\\]*)?-[^-/\\]+-[^-/\\]+-[^-/\\]+\.whl\Z")

# Members read or copied this many bytes at a time.
CHUNK = 1 << 20

_STORED, _DEFLATED = zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED
_LOCAL_HEADER = struct.Struct("<4s2B4HL2L2H")
_CENTRAL_HEADER = struct.Struct("<4s4B4HL2L5H2L")
_END_OF_ARCHIVE = struct.Struct("<4s4H2LH")
_LOCAL_SIGNATURE = b"PK\x03\x04"
_CENTRAL_SIGNATURE = b"PK\x01\x02"
_END_SIGNATURE = b"PK\x05\x06"
_DESCRIPTOR_SIGNATURE = b"PK\x07\x08"
_ZIP64_EXTRA = 0x0001
_LIMIT = 0xFFFFFFFF  # sizes and offsets at this or above need ZIP64
_UTF8_NAME = 0x800  # flag bit 11: the name is UTF-8
_HAS_DESCRIPTOR = 0x8  # flag bit 3: sizes and CRC follow the data
_ENCRYPTED = 0x1
# The RECORD rows a wheel's own signatures may go without.
_UNRECORDED = ("RECORD", "RECORD.jws", "RECORD.p7s")


class WheelError(Exception):
    """The file cannot be read as a wheel, or its ``RECORD`` does not match
    it: one line, without the file's name (the caller shows it)."""


class RecordRow(NamedTuple):
    """A line of ``RECORD``."""

    path: str
    hash: str  # "sha256=<urlsafe base64, no padding>", or "" (RECORD itself)
    size: str
    line: str  # as written, line break included: unchanged rows stay so


class Change(NamedTuple):
    """What a rewrite does to a wheel."""

    rewritten: list[str]  # members whose text changes
    added: list[str]  # members added: runtime copies, an editable install's .pth
    metadata: bool  # METADATA changes (an editable install's requirement)

    def __bool__(self) -> bool:
        return bool(self.rewritten or self.added or self.metadata)


class WheelFile:
    """A wheel open for reading: its members, ``RECORD`` and ``METADATA``.

    Opening reads the zip's directory and ``RECORD``, and checks that they
    agree (every member listed, with its size); the hashes are checked as the
    members are read.  A problem raises :class:`WheelError`.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        if not WHEEL_NAME.match(path.name):
            raise WheelError("not a wheel: a wheel's name is NAME-VERSION-PYTHON-ABI-PLATFORM.whl")
        try:
            self._file: BinaryIO = open(str(path), "rb")  # closed by close()
        except OSError as exc:
            raise WheelError(exc.strerror or str(exc)) from None
        try:
            self._open()
        except BaseException:
            self._file.close()
            raise

    def _open(self) -> None:
        try:
            self._zip = zipfile.ZipFile(self._file)
            members = self._zip.infolist()
        except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, ValueError, struct.error, OSError) as exc:
            raise WheelError(f"not a wheel: not a readable zip archive ({_one_line(exc)})") from None
        self.members: list[zipfile.ZipInfo] = members
        self.by_name: dict[str, zipfile.ZipInfo] = {}
        for info in members:
            if info.filename in self.by_name:
                raise WheelError(f"not a wheel: it holds {info.filename} twice")
            self.by_name[info.filename] = info
            if info.flag_bits & _ENCRYPTED:
                raise WheelError(f"not a wheel: {info.filename} is encrypted")
            if info.compress_type not in (_STORED, _DEFLATED):
                raise WheelError(
                    f"{info.filename} is compressed with method {info.compress_type}: "
                    "fstring-backport rewrites wheels whose members are stored or deflated"
                )
            if max(info.file_size, info.compress_size, info.header_offset) >= _LIMIT:
                raise WheelError("fstring-backport rewrites wheels under 4 GiB")
        dist_infos = sorted(
            {name.split("/", 1)[0] for name in self.by_name if re.match(r"[^/]+\.dist-info/RECORD\Z", name)}
        )
        if len(dist_infos) != 1:
            found = "none" if not dist_infos else ", ".join(dist_infos)
            raise WheelError(f"not a wheel: it needs one NAME-VERSION.dist-info folder with a RECORD, and has {found}")
        self.dist_info = dist_infos[0]
        self.data_dir = self.dist_info[: -len(".dist-info")] + ".data"
        self.record_name = self.dist_info + "/RECORD"
        self.metadata_name = self.dist_info + "/METADATA"
        if self.metadata_name not in self.by_name:
            raise WheelError(f"not a wheel: it has no {self.metadata_name}")
        self.verified: set[str] = set()  # members whose hash was checked
        self.record = self._read_record()
        self.metadata = self.read(self.metadata_name)

    def close(self) -> None:
        self._zip.close()
        self._file.close()

    def __enter__(self) -> WheelFile:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- RECORD

    def _read_record(self) -> dict[str, RecordRow]:
        text = self._read_raw(self.record_name).decode("utf-8", errors="replace")
        rows: dict[str, RecordRow] = {}
        for line in text.splitlines(keepends=True):
            if not line.strip():
                continue
            try:
                fields = next(csv.reader([line]))
            except csv.Error:
                fields = []
            if len(fields) != 3:
                raise WheelError(f"RECORD line {line.strip()!r} is not PATH,HASH,SIZE")
            path, digest, size = fields
            if path in rows:
                raise WheelError(f"RECORD lists {path} twice")
            rows[path] = RecordRow(path, digest, size, line)
        for path, row in rows.items():
            info = self.by_name.get(path)
            if info is None or info.is_dir():
                raise WheelError(f"RECORD lists {path}, which the wheel does not hold")
            if path.rsplit("/", 1)[-1] in _UNRECORDED and path.startswith(self.dist_info + "/"):
                continue
            algorithm, _, value = row.hash.partition("=")
            if algorithm not in hashlib.algorithms_guaranteed or not value:
                raise WheelError(f"RECORD gives {path} no hash that can be checked ({row.hash!r})")
            if row.size != str(info.file_size):
                raise WheelError(
                    f"RECORD gives {path} a size of {row.size or 'nothing'}, and it has {info.file_size} bytes"
                )
        for name, info in self.by_name.items():
            if name not in rows and not info.is_dir() and name not in self._unrecorded():
                raise WheelError(f"RECORD does not list {name}")
        return rows

    def _unrecorded(self) -> set[str]:
        return {f"{self.dist_info}/{name}" for name in _UNRECORDED}

    def _check_hash(self, name: str, digest: str) -> None:
        row = self.record.get(name)
        if row is not None and row.hash and row.hash != digest:
            raise WheelError(f"RECORD's hash of {name} is not the file's")
        self.verified.add(name)

    def _hasher(self, name: str) -> hashlib._Hash | None:
        row = self.record.get(name)
        if row is None or not row.hash:
            return None
        return hashlib.new(row.hash.partition("=")[0])

    # -- members

    def _read_raw(self, name: str) -> bytes:
        try:
            return self._zip.read(name)
        except (zipfile.BadZipFile, EOFError, ValueError, struct.error, OSError, zlib.error) as exc:
            raise WheelError(f"{name} cannot be read: {_one_line(exc)}") from None

    def read(self, name: str) -> bytes:
        """The bytes of member ``name``, whose hash is checked against RECORD."""
        data = self._read_raw(name)
        hasher = self._hasher(name)
        if hasher is not None:
            hasher.update(data)
            self._check_hash(name, _record_hash(hasher))
        return data

    def module_path(self, name: str) -> str | None:
        """Where member ``name`` is installed among the modules (``pkg/mod.py``
        for ``pkg/mod.py`` and ``NAME.data/purelib/pkg/mod.py``); None for
        what is not (the ``.dist-info``, scripts, headers, data, folders)."""
        if name.endswith("/"):
            return None
        top, _, rest = name.partition("/")
        if top == self.dist_info:
            return None
        if top == self.data_dir:
            scheme, _, inside = rest.partition("/")
            return inside if scheme in ("purelib", "platlib") and inside else None
        return name

    def requires_python(self) -> str:
        """``Requires-Python`` of the wheel's METADATA; "" when it has none."""
        return header_value(self.metadata, "Requires-Python") or ""

    def project_name(self) -> str:
        """``Name`` of the wheel's METADATA."""
        return header_value(self.metadata, "Name") or self.dist_info.split("-")[0]

    def stream(self, name: str, out: BinaryIO | None) -> None:
        """Check member ``name`` against RECORD, reading it once in chunks,
        and copy its local record (header, compressed data, descriptor) to
        ``out`` as it is, when given."""
        info = self.by_name[name]
        source = self._file
        try:
            source.seek(info.header_offset)
            header = source.read(_LOCAL_HEADER.size)
            fields = _LOCAL_HEADER.unpack(header)
            if fields[0] != _LOCAL_SIGNATURE:
                raise WheelError(f"{name} cannot be read: its local header is damaged")
            name_and_extra = source.read(fields[10] + fields[11])
            if len(name_and_extra) != fields[10] + fields[11]:
                raise EOFError("truncated")
            zip64 = _has_zip64(name_and_extra[fields[10] :])
            if out is not None:
                out.write(header)
                out.write(name_and_extra)
            check = name not in self.verified
            hasher = self._hasher(name) if check else None
            decompressor = zlib.decompressobj(-15) if info.compress_type == _DEFLATED else None
            crc = size = 0
            remaining = info.compress_size
            while remaining:
                chunk = source.read(min(CHUNK, remaining))
                if not chunk:
                    raise EOFError("truncated")
                remaining -= len(chunk)
                if out is not None:
                    out.write(chunk)
                if check:
                    crc, size = _digest(chunk, decompressor, hasher, crc, size)
            if check:
                if decompressor is not None:
                    tail = decompressor.flush()
                    if not decompressor.eof:
                        raise zlib.error("incomplete deflate stream")
                    crc = zlib.crc32(tail, crc)
                    size += len(tail)
                    if hasher is not None:
                        hasher.update(tail)
                if crc != info.CRC or size != info.file_size:
                    raise WheelError(f"{name} cannot be read: it does not match its checksum (a damaged zip)")
                if hasher is not None:
                    self._check_hash(name, _record_hash(hasher))
                else:
                    self.verified.add(name)
            if info.flag_bits & _HAS_DESCRIPTOR:
                # CRC and both sizes (8 bytes each with ZIP64), after an
                # optional signature.
                first = source.read(4)
                length = 2 * (8 if zip64 else 4) + (4 if first == _DESCRIPTOR_SIGNATURE else 0)
                rest = source.read(length)
                if len(rest) != length:
                    raise EOFError("truncated")
                if out is not None:
                    out.write(first + rest)
        except (EOFError, struct.error, zlib.error, OSError) as exc:
            raise WheelError(f"{name} cannot be read: {_one_line(exc)}") from None

    @property
    def comment(self) -> bytes:
        return self._zip.comment


def _digest(
    chunk: bytes, decompressor: zlib._Decompress | None, hasher: hashlib._Hash | None, crc: int, size: int
) -> tuple[int, int]:
    """Feed ``chunk`` (compressed, when ``decompressor``) to the checks;
    never more than CHUNK bytes of decompressed data at once, however well
    it compresses."""
    while True:
        if decompressor is None:
            data, chunk = chunk, b""
        else:
            data = decompressor.decompress(chunk, CHUNK)
            chunk = decompressor.unconsumed_tail
        crc = zlib.crc32(data, crc)
        size += len(data)
        if hasher is not None:
            hasher.update(data)
        if not chunk:
            return crc, size


def _has_zip64(extra: bytes) -> bool:
    """Whether a local header's extra field holds ZIP64 sizes (its data
    descriptor then has 8-byte sizes)."""
    offset = 0
    while offset + 4 <= len(extra):
        kind, length = struct.unpack_from("<HH", extra, offset)
        if kind == _ZIP64_EXTRA:
            return True
        offset += 4 + length
    return False


def _without_zip64(extra: bytes) -> bytes:
    """A central directory extra field without its ZIP64 record: the sizes
    and offsets written here fit in 32 bits."""
    kept = []
    offset = 0
    while offset + 4 <= len(extra):
        kind, length = struct.unpack_from("<HH", extra, offset)
        if kind != _ZIP64_EXTRA:
            kept.append(extra[offset : offset + 4 + length])
        offset += 4 + length
    return b"".join(kept)


def _record_hash(hasher: hashlib._Hash) -> str:
    digest = base64.urlsafe_b64encode(hasher.digest()).rstrip(b"=").decode("ascii")
    return f"{hasher.name}={digest}"


def record_row(path: str, data: bytes, newline: str = "\n") -> str:
    """The RECORD line of a file holding ``data``."""
    import io

    line = io.StringIO()
    csv.writer(line, lineterminator=newline).writerow([path, _record_hash(hashlib.sha256(data)), len(data)])
    return line.getvalue()


def header_value(metadata: bytes, field: str) -> str | None:
    """The first ``field:`` of a METADATA's headers."""
    prefix = field.lower() + ":"
    for line in metadata.decode("utf-8", errors="replace").splitlines():
        if not line.strip():
            break  # the headers end; the long description follows
        if line.lower().startswith(prefix):
            return line[len(prefix) :].strip()
    return None


def with_requirement(metadata: bytes, requirement: str) -> bytes:
    """METADATA with ``Requires-Dist: requirement`` among its headers (after
    the last ``Requires-Dist``, else at their end), unless it has it."""
    text = metadata.decode("utf-8")
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = text.splitlines(keepends=True)
    wanted = "".join(requirement.split())
    end = len(lines)
    last_requirement = None
    for index, line in enumerate(lines):
        if not line.strip():
            end = index
            break
        key, _, value = line.partition(":")
        if key.strip().lower() == "requires-dist":
            if "".join(value.split()) == wanted:
                return metadata
            last_requirement = index
    at = end if last_requirement is None else last_requirement + 1
    # Continuation lines (a header folded over several) stay with theirs.
    while last_requirement is not None and at < end and lines[at][:1] in (" ", "\t"):
        at += 1
    if at > 0 and not lines[at - 1].endswith(("\n", "\r")):
        lines[at - 1] += newline
    lines.insert(at, f"Requires-Dist: {requirement}{newline}")
    return "".join(lines).encode("utf-8")


class _Added(NamedTuple):
    """A member the rewrite adds, and the member whose timestamp,
    permissions and compression it takes."""

    name: str
    data: bytes
    like: zipfile.ZipInfo


class Rewrite:
    """What a rewrite of one wheel changes, worked out before anything is
    written: the new text of members, and the members to add."""

    def __init__(self, wheel: WheelFile) -> None:
        self.wheel = wheel
        self.replaced: dict[str, bytes] = {}
        self.added: list[_Added] = []

    @property
    def change(self) -> Change:
        rewritten = sorted(name for name in self.replaced if name != self.wheel.metadata_name)
        return Change(rewritten, [added.name for added in self.added], self.wheel.metadata_name in self.replaced)

    def transpile(
        self,
        step: BuildStep,
        shown: Callable[[str, str], str],
        locate: Callable[[str], Path | None] | None = None,
    ) -> None:
        """Transpile the wheel's modules that ``step`` selects, and add the
        runtime copies they import.

        ``shown(member, module path)`` is the name errors show for a member;
        ``locate(module path)`` the project's file it was built from, when
        known (``include``/``exclude`` patterns then match that path).
        Every module is tried; then :class:`BuildError` lists each bad one.
        """
        wheel = self.wheel
        modules: dict[str, str] = {}
        for info in wheel.members:
            path = wheel.module_path(info.filename)
            if path is not None:
                modules[info.filename] = path
        regular = regular_packages(modules.values())
        located: list[str] = []
        # The runtime copy each module imports, and where in the wheel it goes.
        copies: dict[str, tuple[Runtime, zipfile.ZipInfo]] = {}
        texts: dict[str, bytes] = {}
        # The project's files are looked for only when patterns need them.
        settings = step.settings
        if not (settings.include or settings.exclude or settings.extend_exclude):
            locate = None
        for name, path in modules.items():
            if path.rpartition("/")[2].startswith(RUNTIME_STEM):
                continue  # a runtime copy (this wheel was rewritten before): never transpiled
            if not step.selects(path, locate(path) if locate is not None else None):
                continue
            original = wheel.read(name)
            texts[name] = original
            runtime = runtime_for(path, regular)
            try:
                result = step.transpile(original, name, runtime)
            except TranspileError as exc:
                exc.filename = shown(name, path)  # worked out for the few that fail
                located.append(exc.located())
                continue
            if result != original:
                self.replaced[name] = result
            if runtime.imported_by(result):
                member = name[: len(name) - len(path)] + runtime.path
                copies.setdefault(member, (runtime, wheel.by_name[name]))
        if located:
            raise BuildError(located)
        runtime_text = runtime_source()
        taken = []
        for member, (_, like) in sorted(copies.items()):
            if member not in wheel.by_name:
                self.added.append(_Added(member, runtime_text, like))
            elif (texts[member] if member in texts else wheel.read(member)) != runtime_text:
                taken.append(
                    f"{shown(member, modules.get(member, member))}: this name is the t-string runtime's "
                    "that fstring-backport ships; rename the file"
                )
        if taken:
            raise BuildError(taken)

    def add_editable_hook(self, pth_name: str, pth_text: str, requirement: str) -> None:
        """An editable wheel's ``.pth`` that installs the import hook, and its
        requirement of fstring-backport."""
        wheel = self.wheel
        if pth_name not in wheel.by_name:
            like = wheel.by_name[wheel.metadata_name]
            self.added.append(_Added(pth_name, pth_text.encode("utf-8"), like))
        new = with_requirement(wheel.metadata, requirement)
        if new != wheel.metadata:
            self.replaced[wheel.metadata_name] = new

    def write(self, out: BinaryIO) -> None:
        """The rewritten wheel: the members in their order, the added ones
        just before the ``.dist-info`` (or at the end), RECORD last where it was."""
        wheel = self.wheel
        writer = _ZipWriter(out)
        pending = list(self.added)
        record_lines: list[str] = []
        newline = "\n"
        for row in wheel.record.values():
            if row.line.endswith("\r\n"):
                newline = "\r\n"
                break
        added_rows = []
        for info in wheel.members:
            name = info.filename
            if pending and name.startswith(wheel.dist_info + "/"):
                for added in pending:
                    writer.add(added.name, added.data, added.like)
                    added_rows.append(record_row(added.name, added.data, newline))
                pending = []
            if name == wheel.record_name:
                continue  # written last
            if name in self.replaced:  # read, and checked, already
                writer.add(name, self.replaced[name], info)
            else:
                writer.copy(info, wheel.stream)
        for added in pending:
            writer.add(added.name, added.data, added.like)
            added_rows.append(record_row(added.name, added.data, newline))
        for path, row in wheel.record.items():
            if path in self.replaced:
                record_lines.append(record_row(path, self.replaced[path], newline))
            elif path == wheel.record_name:
                record_lines.extend(added_rows)
                added_rows = []
                record_lines.append(row.line if row.line.endswith(("\n", "\r")) else row.line + newline)
            else:
                record_lines.append(row.line if row.line.endswith(("\n", "\r")) else row.line + newline)
        record_lines.extend(added_rows)
        if wheel.record_name not in wheel.record:
            record_lines.append(f"{wheel.record_name},,{newline}")
        info = wheel.by_name[wheel.record_name]
        writer.add(wheel.record_name, "".join(record_lines).encode("utf-8"), info)
        writer.finish(wheel.comment)


class _ZipWriter:
    """Writes a zip archive: members copied as they are, or new ones."""

    def __init__(self, out: BinaryIO) -> None:
        self.out = out
        self.offset = 0
        self.central: list[bytes] = []

    def _tell(self) -> int:
        return self.out.tell()

    def copy(self, info: zipfile.ZipInfo, copy_record: Callable[[str, BinaryIO], None]) -> None:
        """A member as it is: its local record copied by ``copy_record(name,
        out)``, its directory entry written again with its new offset."""
        offset = self._tell()
        copy_record(info.filename, self.out)
        self._entry(info, offset, info.CRC, info.compress_size, info.file_size, info.flag_bits)

    def add(self, name: str, data: bytes, like: zipfile.ZipInfo) -> None:
        """A member holding ``data``, with the timestamp, permissions and
        compression of ``like``."""
        if like.compress_type == _DEFLATED:
            compressor = zlib.compressobj(zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -15)
            stored = compressor.compress(data) + compressor.flush()
        else:
            stored = data
        crc = zlib.crc32(data)
        encoded, flags = _encoded_name(name)
        offset = self._tell()
        time, date = _dos_time(like.date_time)
        self.out.write(
            _LOCAL_HEADER.pack(
                _LOCAL_SIGNATURE, 20, 0, flags, like.compress_type, time, date, crc, len(stored), len(data),
                len(encoded), 0,
            )
        )
        self.out.write(encoded)
        self.out.write(stored)
        entry = zipfile.ZipInfo(name, like.date_time)
        entry.compress_type = like.compress_type
        entry.external_attr = like.external_attr
        entry.create_system = like.create_system
        entry.create_version = like.create_version
        entry.extract_version = 20
        entry.extra = _without_zip64(like.extra) if name == like.filename else b""
        self._entry(entry, offset, crc, len(stored), len(data), flags)

    def _entry(self, info: zipfile.ZipInfo, offset: int, crc: int, compressed: int, size: int, flags: int) -> None:
        if offset >= _LIMIT:
            raise WheelError("fstring-backport rewrites wheels under 4 GiB")
        encoded, _ = _encoded_name(info.orig_filename, flags)
        extra = _without_zip64(info.extra)
        time, date = _dos_time(info.date_time)
        self.central.append(
            _CENTRAL_HEADER.pack(
                _CENTRAL_SIGNATURE, info.create_version, info.create_system, info.extract_version,
                info.reserved, flags, info.compress_type, time, date, crc, compressed, size,
                len(encoded), len(extra), len(info.comment), 0, info.internal_attr, info.external_attr, offset,
            )
            + encoded
            + extra
            + info.comment
        )

    def finish(self, comment: bytes) -> None:
        start = self._tell()
        for entry in self.central:
            self.out.write(entry)
        size = self._tell() - start
        if len(self.central) >= 0xFFFF or start + size >= _LIMIT:
            raise WheelError("fstring-backport rewrites wheels under 4 GiB and 65535 members")
        count = len(self.central)
        self.out.write(_END_OF_ARCHIVE.pack(_END_SIGNATURE, 0, 0, count, count, size, start, len(comment)))
        self.out.write(comment)


def _encoded_name(name: str, flags: int | None = None) -> tuple[bytes, int]:
    """The name's bytes, and the flags saying how they are encoded: as
    :mod:`zipfile` writes them (CP437 when ASCII, else UTF-8 and flag bit 11),
    or as the member had them when ``flags`` are given."""
    if flags is not None:
        return name.encode("utf-8" if flags & _UTF8_NAME else "cp437"), flags
    try:
        return name.encode("ascii"), 0
    except UnicodeEncodeError:
        return name.encode("utf-8"), _UTF8_NAME


def _dos_time(date_time: tuple[int, int, int, int, int, int]) -> tuple[int, int]:
    year, month, day, hour, minute, second = date_time
    return (hour << 11) | (minute << 5) | (second // 2), ((year - 1980) << 9) | (month << 5) | day


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


def check_all(wheel: WheelFile) -> None:
    """Check every member not yet read against RECORD, copying nothing."""
    for info in wheel.members:
        if not info.is_dir() and info.filename not in wheel.verified:
            wheel.stream(info.filename, None)


def rewrite_wheel(
    source: Path, destination: Path, plan: Callable[[WheelFile], Rewrite], durable: bool = True
) -> Change:
    """Write the wheel at ``source``, changed as ``plan(wheel)`` says, to
    ``destination`` (which may be ``source``) in one step: a failure leaves
    it as it was.  A wheel with nothing to change is checked, then copied
    byte for byte, or left alone in place."""
    in_place = destination == source or (destination.exists() and os.path.samefile(str(destination), str(source)))
    with WheelFile(source) as wheel:
        rewrite = plan(wheel)
        change = rewrite.change
        if not change:
            check_all(wheel)
        else:
            with writing_atomically(destination, mode_from=source, durable=durable) as out:
                rewrite.write(out)
                wheel.close()  # before the rename: Windows replaces no open file
    if not change and not in_place:
        with open(str(source), "rb") as original, writing_atomically(destination, source, durable) as out:
            shutil.copyfileobj(original, out, CHUNK)
    return change

