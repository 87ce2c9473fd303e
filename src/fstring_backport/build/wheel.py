"""Rewriting a wheel that a build backend made: what the wrapper backend
(:mod:`fstring_backport.build`) and ``python -m fstring_backport wheel`` share.

The wheel's ``.py`` and ``.pyi`` modules (at its root and under
``NAME.data/purelib`` and ``NAME.data/platlib``) are transpiled, the
t-string runtime copies they import are added, and ``RECORD`` gets their
hashes and sizes.  Every other member is copied as it is, its compressed
bytes untouched: each is read once, in chunks, and its hash checked against
``RECORD`` on the way (a ``RECORD`` that lies is refused), but in a wheel
that the wrapper backend's inner backend has just written.  Members keep
their order, timestamps, permissions and compression.  A wheel with nothing
to change is not written at all.

Only stored and deflated members and wheels under 4 GiB (no ZIP64 offsets)
are rewritten; :mod:`.zip_archive` reads and writes the zip format.
"""

from __future__ import annotations

import binascii
import os
import re
import struct
import sys
import zlib
from typing import TYPE_CHECKING, BinaryIO, Callable, NamedTuple

from ..engine.errors import TranspileError
from ..project.runtime_copies import Runtime, is_runtime_copy, regular_packages, runtime_for, runtime_source, taken
from ..project.wording import one_line
from ..project.writing import writing_atomically
from .common import UNSHIPPABLE_ADVICE, BuildError, BuildStep
from .zip_archive import (
    DEFLATED,
    ENCRYPTED,
    HAS_DESCRIPTOR,
    LIMIT,
    STORED,
    DamagedHeader,
    Member,
    TooLarge,
    ZipArchiveError,
    ZipWriter,
    read_descriptor,
    read_directory,
    read_local_header,
)

if TYPE_CHECKING:
    import hashlib  # imported where hashes are made: a wheel only read needs none
    from os import PathLike

# A wheel's file name (the binary distribution format's
# ``{name}-{version}(-{build})?-{python}-{abi}-{platform}.whl``).
WHEEL_NAME = re.compile(r"[^-/\\]+-[^-/\\]+(?:-\d[^-/\\]*)?-[^-/\\]+-[^-/\\]+-[^-/\\]+\.whl\Z")

# Members read or copied this many bytes at a time.
CHUNK = 1 << 20

# PyPy frees a large bytes object only at a major collection, and puts that
# off the longer, the larger its nursery, which it sizes by the CPU's cache:
# with a 64 MB nursery, 128 MiB more data in a wheel raised the peak by
# 110-310 MiB.  Collecting after every this many bytes of chunks bounds the
# garbage, whatever the nursery, for about 8 ms a collection; CPython frees
# each chunk at once.
_GARBAGE_BOUND = 8 << 20 if sys.implementation.name == "pypy" else 0

_TOO_LARGE = "fstring-backport rewrites wheels under 4 GiB and 65535 members"
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
    members are read, unless ``check_hashes`` is false (a wheel that a
    backend has just built, whose ``RECORD`` it wrote with it).  A problem
    raises :class:`WheelError`.
    """

    def __init__(self, path: str | PathLike[str], check_hashes: bool = True) -> None:
        self.path = path
        self.name = os.path.basename(path)
        self.check_hashes = check_hashes
        if not WHEEL_NAME.match(self.name):
            raise WheelError("not a wheel: a wheel's name is NAME-VERSION-PYTHON-ABI-PLATFORM.whl")
        try:
            self._file: BinaryIO = open(path, "rb")  # closed by close()
        except OSError as exc:
            raise WheelError(exc.strerror or str(exc)) from None
        try:
            self._open()
        except BaseException:
            self._file.close()
            raise

    def _open(self) -> None:
        try:
            members, self.comment = read_directory(self._file)
        except TooLarge:
            raise WheelError(_TOO_LARGE) from None
        except (ZipArchiveError, UnicodeDecodeError, OSError) as exc:
            raise WheelError(f"not a wheel: not a readable zip archive ({one_line(exc)})") from None
        self.members: list[Member] = members
        self.by_name: dict[str, Member] = {}
        for info in members:
            if info.filename in self.by_name:
                raise WheelError(f"not a wheel: it holds {info.filename} twice")
            self.by_name[info.filename] = info
            if _escapes(info.filename):
                raise WheelError(
                    f"not a wheel: its member {info.filename} would be installed outside the target folder"
                )
            if info.flag_bits & ENCRYPTED:
                raise WheelError(f"not a wheel: {info.filename} is encrypted")
            if info.compress_type not in (STORED, DEFLATED):
                raise WheelError(
                    f"{info.filename} is compressed with method {info.compress_type}: "
                    "fstring-backport rewrites wheels whose members are stored or deflated"
                )
            if max(info.file_size, info.compress_size, info.header_offset) >= LIMIT:
                raise WheelError(_TOO_LARGE)
        dist_infos = sorted({name.partition("/")[0] for name in self.by_name if _is_record(name)})
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
            fields = _record_fields(line)
            if len(fields) != 3:
                raise WheelError(f"RECORD line {line.strip()!r} is not PATH,HASH,SIZE")
            path, digest, size = fields
            if path in rows:
                raise WheelError(f"RECORD lists {path} twice")
            rows[path] = RecordRow(path, digest, size, line)
        algorithms: frozenset[str] = frozenset()
        if self.check_hashes:
            import hashlib  # here: a wheel whose hashes are not checked needs none

            algorithms = frozenset(hashlib.algorithms_guaranteed)
        for path, row in rows.items():
            info = self.by_name.get(path)
            if info is None or info.is_dir():
                raise WheelError(f"RECORD lists {path}, which the wheel does not hold")
            if path.rsplit("/", 1)[-1] in _UNRECORDED and path.startswith(self.dist_info + "/"):
                continue
            algorithm, _, value = row.hash.partition("=")
            if self.check_hashes and (algorithm not in algorithms or not value):
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
        if row is None or not row.hash or not self.check_hashes:
            return None
        import hashlib

        return hashlib.new(row.hash.partition("=")[0])

    # -- members

    def _local_header(self, name: str) -> tuple[bytes, bytes, bool]:
        """Member ``name``'s local header, its name and extra field, and
        whether that holds ZIP64 sizes; the file is left at the data."""
        try:
            return read_local_header(self._file, self.by_name[name])
        except DamagedHeader:
            raise WheelError(f"{name} cannot be read: its local header is damaged") from None

    def _read_raw(self, name: str) -> bytes:
        """The bytes of member ``name``, read from its local record as
        :meth:`stream` reads it (:mod:`zipfile` takes four times as long to
        open each small member), their checksum checked."""
        info = self.by_name[name]
        source = self._file
        try:
            self._local_header(name)
            data = source.read(info.compress_size)
            if len(data) != info.compress_size:
                raise EOFError("truncated")
            if info.compress_type == DEFLATED:
                data = zlib.decompress(data, -15)
        except (EOFError, struct.error, zlib.error, OSError) as exc:
            raise WheelError(f"{name} cannot be read: {one_line(exc)}") from None
        if zlib.crc32(data) != info.CRC or len(data) != info.file_size:
            raise WheelError(f"{name} cannot be read: it does not match its checksum (a damaged zip)")
        return data

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
            header, name_and_extra, zip64 = self._local_header(name)
            if out is not None:
                out.write(header)
                out.write(name_and_extra)
            check = self.check_hashes and name not in self.verified
            hasher = self._hasher(name) if check else None
            decompressor = zlib.decompressobj(-15) if info.compress_type == DEFLATED else None
            crc = size = 0
            remaining = info.compress_size
            garbage = _Garbage()
            while remaining:
                chunk = source.read(min(CHUNK, remaining))
                if not chunk:
                    raise EOFError("truncated")
                remaining -= len(chunk)
                if out is not None:
                    out.write(chunk)
                garbage.made(len(chunk))
                if check:
                    crc, size = _digest(chunk, decompressor, hasher, crc, size, garbage)
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
            if info.flag_bits & HAS_DESCRIPTOR:
                descriptor = read_descriptor(source, zip64)
                if out is not None:
                    out.write(descriptor)
        except (EOFError, struct.error, zlib.error, OSError) as exc:
            raise WheelError(f"{name} cannot be read: {one_line(exc)}") from None


def _escapes(name: str) -> bool:
    """Whether member ``name`` points outside the folder it is installed in
    (``../x.py``, ``/etc/x``, ``C:x``), as installers refuse it."""
    parts = name.replace("\\", "/").split("/")
    return name.startswith(("/", "\\")) or ".." in parts or ":" in parts[0]


def _is_record(name: str) -> bool:
    """Whether ``name`` is ``NAME.dist-info/RECORD``."""
    folder, _, rest = name.partition("/")
    return rest == "RECORD" and folder.endswith(".dist-info") and len(folder) > len(".dist-info")


def _digest(
    chunk: bytes,
    decompressor: zlib._Decompress | None,
    hasher: hashlib._Hash | None,
    crc: int,
    size: int,
    garbage: _Garbage,
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
            garbage.made(len(data) + len(chunk))
        crc = zlib.crc32(data, crc)
        size += len(data)
        if hasher is not None:
            hasher.update(data)
        if not chunk:
            return crc, size


class _Garbage:
    """The bytes of the chunks made since the last collection, which it
    starts after every ``_GARBAGE_BOUND`` of them (on PyPy only)."""

    __slots__ = ("since",)

    def __init__(self) -> None:
        self.since = 0

    def made(self, size: int) -> None:
        if _GARBAGE_BOUND:
            self.since += size
            if self.since >= _GARBAGE_BOUND:
                import gc

                gc.collect()
                self.since = 0


# Base64 to its URL-safe alphabet, which RECORD uses.
_URLSAFE = bytes.maketrans(b"+/", b"-_")


def _record_hash(hasher: hashlib._Hash) -> str:
    digest = binascii.b2a_base64(hasher.digest(), newline=False).translate(_URLSAFE).rstrip(b"=").decode("ascii")
    return f"{hasher.name}={digest}"


def _record_fields(line: str) -> list[str]:
    """The CSV fields of a RECORD line; [] if it is not CSV."""
    if '"' not in line:  # nearly every line: a quote is what the csv module is for
        return line.rstrip("\r\n").split(",")
    import csv

    try:
        return next(csv.reader([line]))
    except csv.Error:
        return []


def record_row(path: str, data: bytes, newline: str = "\n") -> str:
    """The RECORD line of a file holding ``data``."""
    import csv
    import hashlib
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
    like: Member


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

    def transpile_modules(
        self,
        step: BuildStep,
        shown: Callable[[str, str], str],
        locate: Callable[[str], str | None] | None = None,
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
        unshippable: list[str] = []
        # The runtime copy each module imports, and where in the wheel it goes.
        copies: dict[str, tuple[Runtime, Member]] = {}
        texts: dict[str, bytes] = {}
        # The project's files are looked for only when patterns need them.
        settings = step.settings
        if not (settings.include or settings.exclude or settings.extend_exclude):
            locate = None
        for name, path in modules.items():
            if is_runtime_copy(path):
                continue  # a runtime copy (this wheel was rewritten before): never transpiled
            if not step.selects(path, locate(path) if locate is not None else None):
                continue
            original = wheel.read(name)
            texts[name] = original
            runtime = runtime_for(path, regular)
            try:
                result = step.transpile(original, name, runtime)
                unshippable.extend(step.unshippable(original, shown(name, path)))
            except TranspileError as exc:
                exc.filename = shown(name, path)  # worked out for the few that fail
                located.append(exc.located())
                continue
            if result != original:
                self.replaced[name] = result
            if runtime.imported_by(result):
                member = name[: len(name) - len(path)] + runtime.path
                copies.setdefault(member, (runtime, wheel.by_name[name]))
        if located or unshippable:
            raise BuildError(located + unshippable, UNSHIPPABLE_ADVICE if unshippable else "")
        runtime_text = runtime_source() if copies else b""
        collisions = []
        for member, (_, like) in sorted(copies.items()):
            if member not in wheel.by_name:
                self.added.append(_Added(member, runtime_text, like))
            elif (texts[member] if member in texts else wheel.read(member)) != runtime_text:
                collisions.append(taken(shown(member, modules.get(member, member))))
        if collisions:
            raise BuildError(collisions)

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
        try:
            self._write(out)
        except TooLarge:
            raise WheelError(_TOO_LARGE) from None

    def _write(self, out: BinaryIO) -> None:
        wheel = self.wheel
        writer = ZipWriter(out)
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


def _copy(source: BinaryIO, out: BinaryIO) -> None:
    """Copy ``source`` to ``out``, CHUNK bytes at a time."""
    garbage = _Garbage()
    while True:
        chunk = source.read(CHUNK)
        if not chunk:
            return
        out.write(chunk)
        garbage.made(len(chunk))


def check_all(wheel: WheelFile) -> None:
    """Check every member not yet read against RECORD, copying nothing."""
    if not wheel.check_hashes:
        return
    for info in wheel.members:
        if not info.is_dir() and info.filename not in wheel.verified:
            wheel.stream(info.filename, None)


def rewrite_wheel(
    source: str | PathLike[str],
    destination: str | PathLike[str],
    plan: Callable[[WheelFile], Rewrite],
    durable: bool = True,
    check_hashes: bool = True,
) -> Change:
    """Write the wheel at ``source``, changed as ``plan(wheel)`` says, to
    ``destination`` (which may be ``source``) in one step: a failure leaves
    it as it was.  A wheel with nothing to change is checked (its hashes
    too, with ``check_hashes``), then copied byte for byte, or left alone in
    place."""
    in_place = destination == source or (os.path.exists(destination) and os.path.samefile(destination, source))
    with WheelFile(source, check_hashes) as wheel:
        rewrite = plan(wheel)
        change = rewrite.change
        if not change:
            check_all(wheel)
        else:
            with writing_atomically(destination, mode_from=source, durable=durable) as out:
                rewrite.write(out)
                wheel.close()  # before the rename: Windows replaces no open file
    if not change and not in_place:
        with open(source, "rb") as original, writing_atomically(destination, source, durable) as out:
            _copy(original, out)
    return change

