"""Wheels made for the tests of the wheel rewriter and the wrapper backend:
written with :mod:`zipfile` and a RECORD computed here, as a backend writes
them; and a check that a wheel's RECORD is right."""

import base64
import csv
import hashlib
import io
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Dict, Optional

# A date a zip can hold (after 1980), and that differs from today's.
WHEN = (2021, 6, 5, 4, 3, 2)


def record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def metadata(name: str, version: str, requires_python: Optional[str] = ">=3.8", extra: str = "") -> bytes:
    lines = ["Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}"]
    if requires_python is not None:
        lines.append(f"Requires-Python: {requires_python}")
    return ("\n".join(lines) + "\n" + extra).encode()


def make_wheel(
    folder: Path,
    files: Dict[str, bytes],
    name: str = "demo",
    version: str = "1.0",
    requires_python: Optional[str] = ">=3.8",
    compression: int = zipfile.ZIP_DEFLATED,
    record: Optional[str] = None,
    stream: bool = False,
) -> Path:
    """``{name}-{version}-py3-none-any.whl`` in ``folder`` holding ``files``
    (paths in the wheel) and its ``.dist-info``: METADATA, WHEEL and a RECORD
    (``record`` in its place when given).  ``stream`` writes it as to a pipe,
    where each member's sizes follow its data (a data descriptor)."""
    dist_info = f"{name}-{version}.dist-info"
    members = dict(files)
    members.setdefault(f"{dist_info}/METADATA", metadata(name, version, requires_python))
    members.setdefault(
        f"{dist_info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    if record is None:
        lines = io.StringIO()
        writer = csv.writer(lines, lineterminator="\n")
        for path, data in members.items():
            writer.writerow([path, record_hash(data), len(data)])
        writer.writerow([f"{dist_info}/RECORD", "", ""])
        record = lines.getvalue()
    members[f"{dist_info}/RECORD"] = record.encode()
    path = folder / f"{name}-{version}-py3-none-any.whl"
    buffer = io.BytesIO()
    target = _Unseekable(buffer) if stream else buffer
    with zipfile.ZipFile(target, "w", compression) as archive:  # type: ignore[arg-type]
        for member, data in members.items():
            info = zipfile.ZipInfo(member, WHEN)
            info.compress_type = compression
            info.external_attr = (0o755 if member.endswith(".sh") else 0o644) << 16
            archive.writestr(info, data)
    path.write_bytes(buffer.getvalue())
    return path


class _Unseekable:
    """A file that can only be written, as a pipe: zipfile then writes
    each member's sizes after its data."""

    def __init__(self, buffer: io.BytesIO) -> None:
        self._buffer = buffer

    def write(self, data: bytes) -> int:
        return self._buffer.write(data)

    def flush(self) -> None:
        pass


def record_problems(wheel: Path) -> list:
    """What is wrong with ``wheel``'s RECORD: files it lists with a wrong hash
    or size, files it misses, rows for files that are not there."""
    problems = []
    with zipfile.ZipFile(str(wheel)) as archive:
        names = [n for n in archive.namelist() if not n.endswith("/")]
        [record_name] = [n for n in names if n.endswith(".dist-info/RECORD")]
        rows = list(csv.reader(io.StringIO(archive.read(record_name).decode())))
        listed = {row[0]: row for row in rows}
        for name in names:
            if name not in listed:
                problems.append(f"not listed: {name}")
            elif name != record_name:
                data = archive.read(name)
                if listed[name][1:] != [record_hash(data), str(len(data))]:
                    problems.append(f"wrong: {name}")
        problems += [f"not there: {row}" for row in listed if row not in names]
    return problems


def wheel_unpack(wheel: Path, destination: Path) -> subprocess.CompletedProcess:
    """``python -m wheel unpack``, which checks every hash of RECORD."""
    return subprocess.run(
        [sys.executable, "-m", "wheel", "unpack", "-d", str(destination), str(wheel)],
        capture_output=True,
        text=True,
        check=False,
    )
