"""Replace a file so that a crash at any instant leaves the old or the new content, whole.

Sequence: write a temporary file in the same folder → flush → fsync →
(optionally) make ``NAME.bak`` a copy of the previous file, itself
atomically → ``os.replace`` onto the target → fsync the folder (POSIX),
so the rename survives a power cut. ``os.replace`` is atomic on POSIX and
on Windows (``MoveFileEx`` with replace-existing) within one volume, which
is why the temporary file lives next to the target.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from pathlib import Path

TEMP_SUFFIX = ".gpudesk-tmp"


def backup_path_of(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def fsync_directory(directory: Path) -> None:
    """Persist a rename in ``directory``; Windows has no directory handles to sync, so it is skipped there."""
    if os.name == "nt":
        return
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_temp(directory: Path, stem: str, data: bytes) -> Path:
    fd, name = tempfile.mkstemp(prefix=f".{stem}.", suffix=TEMP_SUFFIX, dir=directory)
    temp = Path(name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    return temp


def _refresh_backup(target: Path) -> None:
    """Make ``target.bak`` hold the current content of ``target`` without a moment where it is partial."""
    backup = backup_path_of(target)
    staging = target.with_name(f".{target.name}.bak{TEMP_SUFFIX}")
    with contextlib.suppress(FileNotFoundError):
        staging.unlink()
    try:
        os.link(target, staging)  # same bytes, no copy; the old inode survives the replace below
    except OSError:
        shutil.copyfile(target, staging)
        with open(staging, "rb+") as handle:
            os.fsync(handle.fileno())
    os.replace(staging, backup)


def atomic_write_bytes(target: Path, data: bytes, keep_backup: bool = False) -> None:
    """Write ``data`` to ``target`` atomically; with ``keep_backup`` the previous file becomes ``target.bak``.

    Raises :class:`OSError` (the target is then untouched and no temporary file is left).
    """
    target = Path(target)
    directory = target.parent if str(target.parent) else Path(".")
    temp = _write_temp(directory, target.name, data)
    try:
        if keep_backup and target.is_file():
            _refresh_backup(target)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    fsync_directory(directory)
