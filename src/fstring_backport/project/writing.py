"""Writing a file so that no reader ever sees it half-written."""

from __future__ import annotations

import contextlib
import os
import stat
from typing import TYPE_CHECKING, BinaryIO, Iterator

if TYPE_CHECKING:
    from os import PathLike


def write_atomically(
    path: str | PathLike[str], data: bytes, mode_from: str | PathLike[str] | None = None, durable: bool = True
) -> None:
    """Replace ``path`` with ``data`` in one step: readers see old or new, never half.

    The file keeps its permission bits (or takes those of ``mode_from``).
    ``durable`` also waits for the disk (fsync) before the rename, so that
    even a system crash leaves old or new: for sources rewritten in place.
    """
    with writing_atomically(path, mode_from, durable) as out:
        out.write(data)


@contextlib.contextmanager
def writing_atomically(
    path: str | PathLike[str], mode_from: str | PathLike[str] | None = None, durable: bool = True
) -> Iterator[BinaryIO]:
    """A file to write that replaces ``path`` when the block ends, as
    :func:`write_atomically` does; an exception in the block leaves ``path``
    as it was and removes what was written."""
    import tempfile  # not at start-up: most runs write nothing

    target = os.fspath(path)
    folder = os.path.dirname(target) or os.curdir
    os.makedirs(folder, exist_ok=True)
    source_of_mode = os.fspath(mode_from) if mode_from is not None else target
    handle, temporary = tempfile.mkstemp(dir=folder, prefix="." + os.path.basename(target) + ".", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            yield out
            if durable:
                out.flush()
                os.fsync(out.fileno())
        try:
            mode = os.stat(source_of_mode).st_mode
        except OSError:
            pass  # a new file: the mode mkstemp gave it
        else:
            os.chmod(temporary, stat.S_IMODE(mode))
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
