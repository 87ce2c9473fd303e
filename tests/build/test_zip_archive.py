"""The zip format as the wheel rewriter reads and writes it, against :mod:`zipfile`.

Archives made by :mod:`zipfile` (names in ASCII and not, stored and
deflated members, folders, extra fields, comments, bytes before the
archive) read as :mod:`zipfile` reads them; an archive copied member by
member through the writer reads back the same; an archive that needs ZIP64
or is not a zip is refused.
"""

from __future__ import annotations

import io
import struct
import zipfile

import pytest

from fstring_backport.build.zip_archive import (
    END_OF_ARCHIVE,
    END_SIGNATURE,
    LOCAL_HEADER,
    TooLarge,
    ZipArchiveError,
    ZipWriter,
    read_directory,
)

FIELDS = (
    "filename", "create_version", "create_system", "extract_version", "reserved", "flag_bits", "compress_type",
    "CRC", "compress_size", "file_size", "extra", "comment", "internal_attr", "external_attr", "header_offset",
)


def archive(prefix: bytes = b"", comment: bytes = b"") -> bytes:
    out = io.BytesIO()
    out.write(prefix)
    with zipfile.ZipFile(out, "a" if prefix else "w") as made:
        made.writestr(zipfile.ZipInfo("pkg/", (2020, 1, 2, 3, 4, 6)), b"")
        made.writestr("pkg/__init__.py", b"x = 1\n" * 50, compress_type=zipfile.ZIP_DEFLATED)
        made.writestr("pkg/caf\u00e9.py", b"y = 2\n", compress_type=zipfile.ZIP_STORED)
        extra = zipfile.ZipInfo("pkg/data.bin", (1999, 12, 31, 23, 59, 58))
        extra.extra = struct.pack("<HH4s", 0xCAFE, 4, b"abcd")
        extra.comment = b"a member's comment"
        extra.external_attr = 0o100755 << 16
        made.writestr(extra, bytes(range(256)) * 10, compress_type=zipfile.ZIP_DEFLATED)
        made.comment = comment
    return out.getvalue()


@pytest.mark.parametrize(
    "data",
    [archive(), archive(comment=b"an archive's comment"), archive(prefix=b"#!/bin/sh\nexec python $0\n" * 3)],
    ids=["plain", "comment", "bytes-before"],
)
def test_the_directory_reads_as_zipfile_reads_it(data):
    members, comment = read_directory(io.BytesIO(data))
    with zipfile.ZipFile(io.BytesIO(data)) as expected:
        assert comment == expected.comment
        assert len(members) == len(expected.infolist())
        for member, info in zip(members, expected.infolist()):
            assert {field: getattr(member, field) for field in FIELDS} == {
                field: getattr(info, field) for field in FIELDS
            }
            assert member.is_dir() == info.is_dir()
            assert member.raw_name == info.orig_filename.encode("utf-8" if info.flag_bits & 0x800 else "cp437")


def test_members_copied_and_added_read_back_as_zipfile_wrote_them():
    data = archive(comment=b"kept")
    members, comment = read_directory(io.BytesIO(data))
    out = io.BytesIO()
    writer = ZipWriter(out)

    def copy_record(name: str, to: io.BytesIO) -> None:
        member = next(member for member in members if member.filename == name)
        fields = LOCAL_HEADER.unpack_from(data, member.header_offset)
        end = member.header_offset + LOCAL_HEADER.size + fields[10] + fields[11] + member.compress_size
        to.write(data[member.header_offset : end])

    for member in members:
        writer.copy(member, copy_record)
    writer.add("pkg/new\u00e9.py", b"z = 3\n" * 20, members[1])
    writer.finish(comment)
    with zipfile.ZipFile(io.BytesIO(data)) as original, zipfile.ZipFile(io.BytesIO(out.getvalue())) as copied:
        assert copied.testzip() is None
        assert copied.comment == b"kept"
        assert copied.namelist() == original.namelist() + ["pkg/new\u00e9.py"]
        for info in original.infolist():
            again = copied.getinfo(info.filename)
            assert copied.read(info) == original.read(info)
            assert (again.date_time, again.external_attr, again.compress_type, again.extra, again.comment) == (
                info.date_time, info.external_attr, info.compress_type, info.extra, info.comment,
            )
        added = copied.getinfo("pkg/new\u00e9.py")
        assert copied.read(added) == b"z = 3\n" * 20
        like = original.infolist()[1]
        assert (added.date_time, added.external_attr, added.compress_type) == (
            like.date_time, like.external_attr, like.compress_type,
        )


def end_record(count: int, size: int, offset: int, disk: int = 0) -> bytes:
    return END_OF_ARCHIVE.pack(END_SIGNATURE, disk, disk, count, count, size, offset, 0)


@pytest.mark.parametrize(
    "data, error, message",
    [
        (b"not a zip", ZipArchiveError, "File is not a zip file"),
        (END_SIGNATURE + b"\0" * 5, ZipArchiveError, "File is not a zip file"),
        (end_record(0xFFFF, 0, 0), TooLarge, ""),
        (end_record(1, 0xFFFFFFFF, 0), TooLarge, ""),
        (end_record(1, 0, 0, disk=1), ZipArchiveError, "zipfiles that span multiple disks are not supported"),
        (end_record(1, 46, 0), ZipArchiveError, "Bad offset for central directory"),
        (b"\0" * 46 + end_record(1, 46, 0), ZipArchiveError, "Bad magic number for central directory"),
        (b"\0" * 10 + end_record(1, 10, 0), ZipArchiveError, "Truncated central directory"),
    ],
    ids=["not-a-zip", "short-end-record", "zip64-members", "zip64-size", "disks", "offset", "magic", "truncated"],
)
def test_what_is_not_a_readable_small_zip_is_refused(data, error, message):
    with pytest.raises(error) as raised:
        read_directory(io.BytesIO(data))
    assert str(raised.value) == message
    if error is ZipArchiveError and message in ("File is not a zip file",):
        with pytest.raises(zipfile.BadZipFile, match=message):
            zipfile.ZipFile(io.BytesIO(data))
