"""The zip format as wheels use it: the central directory read, an archive written.

Read here rather than through :mod:`zipfile`, which a build hook's short
process would import (threading, bz2, lzma and all) for the directory
alone, and which cannot copy a member without recompressing it.  What a
wheel needs: one disk, stored or deflated members, sizes and offsets in
32 bits (no ZIP64), names in CP437 or UTF-8 (flag bit 11), and an archive
comment.  Names, extra fields, times and attributes are kept as their
bytes, so a member copied is written back as it was.
"""

from __future__ import annotations

import struct
import zlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any, BinaryIO, Callable

STORED, DEFLATED = 0, 8
LOCAL_HEADER = struct.Struct("<4s2B4HL2L2H")
CENTRAL_HEADER = struct.Struct("<4s4B4HL2L5H2L")
END_OF_ARCHIVE = struct.Struct("<4s4H2LH")
LOCAL_SIGNATURE = b"PK\x03\x04"
CENTRAL_SIGNATURE = b"PK\x01\x02"
END_SIGNATURE = b"PK\x05\x06"
DESCRIPTOR_SIGNATURE = b"PK\x07\x08"
ZIP64_LOCATOR_SIGNATURE = b"PK\x06\x07"
ZIP64_EXTRA = 0x0001
LIMIT = 0xFFFFFFFF  # sizes and offsets at this or above need ZIP64
MEMBERS_LIMIT = 0xFFFF  # as many members or more need ZIP64
UTF8_NAME = 0x800  # flag bit 11: the name is UTF-8
HAS_DESCRIPTOR = 0x8  # flag bit 3: sizes and CRC follow the data
ENCRYPTED = 0x1
_LONGEST_COMMENT = 0xFFFF


class ZipArchiveError(Exception):
    """The archive cannot be read (in :mod:`zipfile`'s words where it has them)."""


class TooLarge(ZipArchiveError):
    """The archive needs ZIP64: over 4 GiB, or 65535 members or more."""


class Member:
    """A member, as the central directory describes it (the attributes that
    :class:`zipfile.ZipInfo` gives the same fields have its names)."""

    __slots__ = (
        "filename",
        "raw_name",
        "create_version",
        "create_system",
        "extract_version",
        "reserved",
        "flag_bits",
        "compress_type",
        "dos_time",
        "dos_date",
        "CRC",
        "compress_size",
        "file_size",
        "extra",
        "comment",
        "internal_attr",
        "external_attr",
        "header_offset",
    )

    def __init__(self, fields: tuple[Any, ...], raw_name: bytes, extra: bytes, comment: bytes) -> None:
        (
            _,
            self.create_version,
            self.create_system,
            self.extract_version,
            self.reserved,
            self.flag_bits,
            self.compress_type,
            self.dos_time,
            self.dos_date,
            self.CRC,
            self.compress_size,
            self.file_size,
            _,
            _,
            _,
            _,
            self.internal_attr,
            self.external_attr,
            self.header_offset,
        ) = fields
        self.raw_name = raw_name
        self.filename = raw_name.decode("utf-8" if self.flag_bits & UTF8_NAME else "cp437")
        self.extra = extra
        self.comment = comment

    def is_dir(self) -> bool:
        return self.filename.endswith("/")


def read_directory(file: BinaryIO) -> tuple[list[Member], bytes]:
    """The members of the archive open in ``file``, in the directory's
    order, and the archive's comment."""
    file.seek(0, 2)
    size = file.tell()
    tail_start = max(0, size - END_OF_ARCHIVE.size - _LONGEST_COMMENT)
    file.seek(tail_start)
    tail = file.read()
    at = tail.rfind(END_SIGNATURE)
    if at < 0 or len(tail) - at < END_OF_ARCHIVE.size:
        raise ZipArchiveError("File is not a zip file")
    _, disk, directory_disk, _, count, directory_size, directory_offset, comment_length = END_OF_ARCHIVE.unpack_from(
        tail, at
    )
    if disk or directory_disk:
        raise ZipArchiveError("zipfiles that span multiple disks are not supported")
    if count == MEMBERS_LIMIT or LIMIT in (directory_size, directory_offset):
        raise TooLarge()
    comment = tail[at + END_OF_ARCHIVE.size : at + END_OF_ARCHIVE.size + comment_length]
    # Bytes before the archive (a stub that runs it): offsets count from its start.
    prepended = tail_start + at - directory_size - directory_offset
    if prepended < 0:
        raise ZipArchiveError("Bad offset for central directory")
    file.seek(directory_offset + prepended)
    directory = file.read(directory_size)
    members = []
    position = 0
    for _ in range(count):
        if len(directory) - position < CENTRAL_HEADER.size:
            raise ZipArchiveError("Truncated central directory")
        fields = CENTRAL_HEADER.unpack_from(directory, position)
        if fields[0] != CENTRAL_SIGNATURE:
            raise ZipArchiveError("Bad magic number for central directory")
        name_length, extra_length, comment_length = fields[12:15]
        name_at = position + CENTRAL_HEADER.size
        extra_at = name_at + name_length
        comment_at = extra_at + extra_length
        position = comment_at + comment_length
        if position > len(directory):
            raise ZipArchiveError("Truncated central directory")
        member = Member(
            fields, directory[name_at:extra_at], directory[extra_at:comment_at], directory[comment_at:position]
        )
        member.header_offset += prepended
        members.append(member)
    return members, comment


class DamagedHeader(ZipArchiveError):
    """A member's local header lacks its signature."""


def read_local_header(file: BinaryIO, member: Member) -> tuple[bytes, bytes, bool]:
    """``member``'s local header, its name and extra field, and whether
    that holds ZIP64 sizes; ``file`` is left at the data.  EOFError when
    the archive ends before them."""
    file.seek(member.header_offset)
    header = file.read(LOCAL_HEADER.size)
    fields = LOCAL_HEADER.unpack(header)
    if fields[0] != LOCAL_SIGNATURE:
        raise DamagedHeader()
    name_length, extra_length = fields[10:12]
    name_and_extra = file.read(name_length + extra_length)
    if len(name_and_extra) != name_length + extra_length:
        raise EOFError("truncated")
    return header, name_and_extra, has_zip64(name_and_extra[name_length:])


def read_descriptor(file: BinaryIO, zip64: bool) -> bytes:
    """The data descriptor after a member's data (flag bit 3): CRC and both
    sizes (8 bytes each with ZIP64), after an optional signature.  EOFError
    when the archive ends before it."""
    first = file.read(4)
    length = 2 * (8 if zip64 else 4) + (4 if first == DESCRIPTOR_SIGNATURE else 0)
    rest = file.read(length)
    if len(rest) != length:
        raise EOFError("truncated")
    return first + rest


def has_zip64(extra: bytes) -> bool:
    """Whether a local header's extra field holds ZIP64 sizes (its data
    descriptor then has 8-byte sizes)."""
    offset = 0
    while offset + 4 <= len(extra):
        kind, length = struct.unpack_from("<HH", extra, offset)
        if kind == ZIP64_EXTRA:
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
        if kind != ZIP64_EXTRA:
            kept.append(extra[offset : offset + 4 + length])
        offset += 4 + length
    return b"".join(kept)


def _encoded_name(name: str) -> tuple[bytes, int]:
    """The name's bytes and the flags that say how they are encoded, as
    :mod:`zipfile` writes them: CP437 when ASCII, else UTF-8 and flag bit 11."""
    try:
        return name.encode("ascii"), 0
    except UnicodeEncodeError:
        return name.encode("utf-8"), UTF8_NAME


class ZipWriter:
    """Writes a zip archive: members copied as they are, or new ones."""

    def __init__(self, out: BinaryIO) -> None:
        self.out = out
        self.central: list[bytes] = []

    def copy(self, member: Member, copy_record: Callable[[str, BinaryIO], None]) -> None:
        """A member as it is: its local record copied by ``copy_record(name,
        out)``, its directory entry written again with its new offset."""
        offset = self.out.tell()
        copy_record(member.filename, self.out)
        self._entry(member, offset, member.CRC, member.compress_size, member.file_size, member.flag_bits)

    def add(self, name: str, data: bytes, like: Member) -> None:
        """A member holding ``data``, with the timestamp, permissions and
        compression of ``like``."""
        if like.compress_type == DEFLATED:
            compressor = zlib.compressobj(zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -15)
            stored = compressor.compress(data) + compressor.flush()
        else:
            stored = data
        crc = zlib.crc32(data)
        encoded, flags = _encoded_name(name)
        offset = self.out.tell()
        self.out.write(
            LOCAL_HEADER.pack(
                LOCAL_SIGNATURE, 20, 0, flags, like.compress_type, like.dos_time, like.dos_date, crc, len(stored),
                len(data), len(encoded), 0,
            )
        )
        self.out.write(encoded)
        self.out.write(stored)
        entry = Member(
            (
                CENTRAL_SIGNATURE, like.create_version, like.create_system, 20, 0, flags, like.compress_type,
                like.dos_time, like.dos_date, crc, len(stored), len(data), 0, 0, 0, 0, 0, like.external_attr, offset,
            ),
            encoded,
            like.extra if name == like.filename else b"",
            b"",
        )
        self._entry(entry, offset, crc, len(stored), len(data), flags)

    def _entry(self, member: Member, offset: int, crc: int, compressed: int, size: int, flags: int) -> None:
        if offset >= LIMIT:
            raise TooLarge()
        extra = _without_zip64(member.extra)
        self.central.append(
            CENTRAL_HEADER.pack(
                CENTRAL_SIGNATURE, member.create_version, member.create_system, member.extract_version,
                member.reserved, flags, member.compress_type, member.dos_time, member.dos_date, crc, compressed,
                size, len(member.raw_name), len(extra), len(member.comment), 0, member.internal_attr,
                member.external_attr, offset,
            )
            + member.raw_name
            + extra
            + member.comment
        )

    def finish(self, comment: bytes) -> None:
        """The central directory and its end record."""
        start = self.out.tell()
        for entry in self.central:
            self.out.write(entry)
        size = self.out.tell() - start
        count = len(self.central)
        if count >= MEMBERS_LIMIT or start + size >= LIMIT:
            raise TooLarge()
        self.out.write(END_OF_ARCHIVE.pack(END_SIGNATURE, 0, 0, count, count, size, start, len(comment)))
        self.out.write(comment)
