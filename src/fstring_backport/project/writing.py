"""Writing a file so that no reader ever sees it half-written."""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path
from typing import BinaryIO, Iterator


def write_atomically(
    path: Path, data: bytes, mode_from: Path | None = None, durable: bool = True
) -> None:
    """Replace ``path`` with ``data`` in one step: readers see old or new, never half.

    The file keeps its permission bits (or takes those of ``mode_from``).
    ``durable`` also waits for the disk (fsync) before the rename, so that
    even a system crash leaves old or new: for sources rewritten in place.
    """
    with writing_atomically(path, mode_from, durable) as out:
        out.write(data)


@contextlib.contextmanager
def writing_atomically(path: Path, mode_from: Path | None = None, durable: bool = True) -> Iterator[BinaryIO]:
    """A file to write that replaces ``path`` when the block ends, as
    :func:`write_atomically` does; an exception in the block leaves ``path``
    as it was and removes what was written."""
    import tempfile  # not at start-up: most runs write nothing

    path.parent.mkdir(parents=True, exist_ok=True)
    source_of_mode = mode_from if mode_from is not None else path
    handle, temporary = tempfile.mkstemp(dir=str(path.parent), prefix="." + path.name + ".", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            yield out
            if durable:
                out.flush()
                os.fsync(out.fileno())
        if source_of_mode.exists():
            os.chmod(temporary, stat.S_IMODE(source_of_mode.stat().st_mode))
        os.replace(temporary, str(path))
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
