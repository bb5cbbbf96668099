"""Replace a file so that a crash at any instant leaves the old or the new content, whole (Qt-free).

Every file gpudesk writes for the user — plans, autosaves, PDFs, CSVs,
catalog packages — goes through here:

1. the content goes to a **staging file in the target's own folder**, with a
   unique name ``.NAME.<random>.gpudesk-tmp`` (two writers never share one),
   created with the permissions a new file gets from the user's umask;
2. it is flushed, ``fsync``\\ ed and **verified** (a check per kind of file: the
   bytes read back, a PDF's header and end marker, a zip's directory) — a
   short write (full disk, file-size limit) fails here with a message;
3. a replaced file keeps its **permissions** (mode, and owner where allowed);
   a **symlink** is followed, so the link stays and its target is replaced;
4. (optionally) ``NAME.bak`` becomes the previous content, itself atomically;
5. ``os.replace`` puts the staging file in place (atomic on POSIX and on
   Windows within one volume) and the folder is ``fsync``\\ ed (POSIX).

A crash can leave a staging file behind, never a damaged target;
:func:`clean_stale_staging` removes such leftovers (gpudesk's own name
pattern only) at start-up.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import re
import shutil
import stat
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

TEMP_SUFFIX = ".gpudesk-tmp"
STALE_AFTER_S = 15 * 60.0
"""A staging file older than this belongs to no running save (a save takes seconds)."""
_STAGING = re.compile(r"^\..+\.[0-9a-f]{12}" + re.escape(TEMP_SUFFIX) + "$")
_LEGACY_STAGING = re.compile(r"^\..+" + re.escape(TEMP_SUFFIX) + "$")  # names of earlier versions (mkstemp)

log = logging.getLogger("gpudesk.files")

Verifier = Callable[[Path], None]


class VerificationError(OSError):
    """The staged file is not what was meant to be written (short write, damaged output)."""


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


def real_target(path: Path) -> Path:
    """The file a write to ``path`` should replace: a symlink's target (so the link survives), else ``path``."""
    path = Path(path)
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def _new_staging(directory: Path, name: str) -> tuple[int, Path]:
    """A fresh staging file beside the target (mode from the umask, like any new file); returns (fd, path)."""
    for _ in range(100):
        candidate = directory / f".{name}.{uuid.uuid4().hex[:12]}{TEMP_SUFFIX}"
        try:
            fd = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
        except FileExistsError:
            continue
        return fd, candidate
    raise FileExistsError(f"no free staging name in {directory}")


def _keep_permissions(staged: Path, existing: Path) -> None:
    """Give the staged file the mode (and, where allowed, the owner) of the file it replaces."""
    try:
        info = existing.stat()
    except FileNotFoundError:
        return
    os.chmod(staged, stat.S_IMODE(info.st_mode))
    if hasattr(os, "chown"):
        with contextlib.suppress(OSError):  # only root may give a file away; the mode is what matters
            os.chown(staged, info.st_uid, info.st_gid)


def _refresh_backup(target: Path) -> None:
    """Make ``target.bak`` hold the current content of ``target`` without a moment where it is partial."""
    backup = backup_path_of(target)
    fd, staging = _new_staging(target.parent, backup.name)
    os.close(fd)
    try:
        staging.unlink()
        try:
            os.link(target, staging)  # same bytes, no copy; the old inode survives the replace below
        except OSError:
            shutil.copyfile(target, staging)
            with open(staging, "rb+") as handle:
                os.fsync(handle.fileno())
        os.replace(staging, backup)
        # rename() of two links to one file (backup already linked to this content) does nothing and keeps
        # the staging name: drop that extra link.
        with contextlib.suppress(FileNotFoundError):
            staging.unlink()
    except BaseException:
        with contextlib.suppress(OSError):
            staging.unlink()
        raise


def verify_bytes(expected: bytes) -> Verifier:
    """A verifier that reads the staged file back and compares it with what was written."""

    def check(path: Path) -> None:
        size = path.stat().st_size
        if size != len(expected):
            raise VerificationError(f"only {size:,} of {len(expected):,} bytes could be written (disk full or a "
                                    "file-size limit?)")
        with open(path, "rb") as handle:
            if handle.read() != expected:
                raise VerificationError("the written file does not read back as written")

    return check


def verify_pdf(path: Path) -> None:
    """A complete PDF: the header, and the cross-reference pointer and end marker at the end."""
    size = path.stat().st_size
    with open(path, "rb") as handle:
        head = handle.read(8)
        handle.seek(max(0, size - 1024))
        tail = handle.read()
    if not head.startswith(b"%PDF-") or b"startxref" not in tail or b"%%EOF" not in tail:
        raise VerificationError(f"the PDF is incomplete ({size:,} bytes written; disk full or a file-size limit?)")


def verify_zip(path: Path) -> None:
    """A complete zip: its directory reads and every member's checksum matches."""
    import zipfile

    try:
        with zipfile.ZipFile(path) as archive:
            bad = archive.testzip()
    except (zipfile.BadZipFile, OSError, EOFError) as exc:
        raise VerificationError(f"the package is incomplete ({exc}; disk full or a file-size limit?)") from None
    if bad is not None:
        raise VerificationError(f"the package is damaged: {bad} does not read back")


def _refuse_read_only(destination: Path) -> None:
    """A file the user made read-only is not replaced: a rename in a writable folder would replace it anyway
    (POSIX), where an editor that writes in place is refused. Its mode is checked as well as access, for the
    administrator, whom access never refuses."""
    try:
        mode = destination.stat().st_mode
    except OSError:
        return
    if stat.S_ISREG(mode) and (not stat.S_IMODE(mode) & 0o222 or not os.access(destination, os.W_OK)):
        raise PermissionError(errno.EACCES, "the file is read-only; nothing was written (save under another name, "
                              "or make the file writable)", str(destination))


@contextlib.contextmanager
def staged_output(target: str | os.PathLike[str], verify: Verifier | None = None,
                  keep_backup: bool = False) -> Iterator[Path]:
    """Yields a staging path for a writer that needs a file name (a PDF writer, a zip); when the block ends
    without error, the staged file is verified and replaces ``target``; otherwise it is removed and
    ``target`` is untouched. Raises :class:`OSError` (``VerificationError`` for a failed check)."""
    destination = real_target(Path(target))
    _refuse_read_only(destination)
    directory = destination.parent if str(destination.parent) else Path(".")
    fd, staged = _new_staging(directory, destination.name)
    os.close(fd)
    try:
        yield staged
        if not staged.exists():
            raise VerificationError("nothing was written")
        with open(staged, "rb+") as handle:
            os.fsync(handle.fileno())
        if verify is not None:
            verify(staged)
        _keep_permissions(staged, destination)
        if keep_backup and destination.is_file():
            _refresh_backup(destination)
        os.replace(staged, destination)
    except BaseException:
        with contextlib.suppress(OSError):
            staged.unlink()
        raise
    fsync_directory(directory)


def atomic_write_bytes(target: str | os.PathLike[str], data: bytes, keep_backup: bool = False) -> None:
    """Write ``data`` to ``target`` atomically, verified; with ``keep_backup`` the previous file becomes
    ``target.bak``. Raises :class:`OSError` (the target is then untouched and no staging file is left)."""
    with staged_output(target, verify_bytes(data), keep_backup) as staged:
        with open(staged, "wb") as handle:
            handle.write(data)


def is_staging_name(name: str) -> bool:
    return bool(_STAGING.match(name) or _LEGACY_STAGING.match(name))


def clean_stale_staging(folder: str | os.PathLike[str], older_than_s: float = STALE_AFTER_S) -> list[Path]:
    """Remove gpudesk's own staging files (``.NAME.<random>.gpudesk-tmp``) older than ``older_than_s`` from
    ``folder`` (not its subfolders); each removal is logged. Returns what was removed; never raises."""
    removed: list[Path] = []
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        try:
            if not is_staging_name(entry.name) or not entry.is_file(follow_symlinks=False):
                continue
            if now - entry.stat(follow_symlinks=False).st_mtime < older_than_s:
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(Path(entry.path))
        log.info("removed %s: a staging file left by an interrupted save", entry.path)
    return removed
