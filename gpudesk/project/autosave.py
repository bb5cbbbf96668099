"""Autosaves that survive a crash and vanish after a clean exit (Qt-free).

Layout under the autosave folder (``gpudesk.paths.autosave_dir()`` by
default)::

    <session id>/session.lock          held with an OS file lock while the session runs
    <session id>/<doc id>.autosave     one JSON envelope per open plan, written atomically

A running gpudesk holds an exclusive lock on its ``session.lock``; the
operating system drops that lock when the process ends in any way, kill
included. :meth:`AutosaveStore.pending` lists autosaves of sessions whose
lock can be taken — sessions that ended without :meth:`AutosaveStore.close`.
A clean exit (``close()``) removes the session's folder, so nothing is
offered for recovery. Autosaves are read back through the same untrusted
path as plan files.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import shutil
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import IO, Any, cast

from gpudesk.paths import autosave_dir
from gpudesk.project.atomic_file import atomic_write_bytes
from gpudesk.project.errors import ProjectFileError
from gpudesk.project.io import MAX_FILE_BYTES, plan_dict_for_saving, read_limited
from gpudesk.project.model import Project
from gpudesk.project.schema import project_from_dict
from gpudesk.project.untrusted_json import parse_json_bytes
from gpudesk.refusals import Refusal, cause_of, os_reason, refusal

if sys.platform == "win32":
    import msvcrt
else:
    import fcntl

ENVELOPE_FORMAT = "gpudesk-autosave"
ENVELOPE_VERSION = 1
LOCK_NAME = "session.lock"
SUFFIX = ".autosave"
_SAFE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
_MAX_ENVELOPE_BYTES = MAX_FILE_BYTES + 100_000
_STARTING_GRACE_S = 60.0  # a session folder younger than this without a lock file is still starting
log = logging.getLogger("gpudesk.autosave")


def _check_id(doc_id: str) -> str:
    if not isinstance(doc_id, str) or not _SAFE_ID.fullmatch(doc_id):
        raise ValueError(f"autosave document id must be 1-64 letters, digits, '-' or '_', got {doc_id!r}")
    return doc_id


def _try_lock(handle: IO[bytes]) -> bool:
    try:
        if sys.platform == "win32":
            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


@contextlib.contextmanager
def _lock_if_dead(session_dir: Path) -> Iterator[bool]:
    """Yields True while holding the lock of a session that is no longer running."""
    lock = session_dir / LOCK_NAME
    try:
        handle = open(lock, "rb+")
    except FileNotFoundError:
        # Never fully started or half removed — unless it is being created right now.
        try:
            age_s = time.time() - session_dir.stat().st_mtime
        except OSError:
            age_s = 0.0
        yield age_s > _STARTING_GRACE_S
        return
    except OSError:
        yield False
        return
    with handle:
        yield _try_lock(handle)


@dataclass(frozen=True)
class RecoveryEntry:
    doc_id: str
    session_id: str
    saved_at: datetime | None  # UTC; None when the autosave is unreadable
    original_path: Path | None  # where the plan was last saved by the user; None for a never-saved plan
    plan_name: str  # meta.name, for the recovery dialog
    path: Path  # the autosave file
    problem: str = ""  # why the autosave cannot be recovered ("" when it can)
    problem_reason: Refusal | str = ""  # the same, keyed for the wording in other languages


def _read_envelope(path: Path) -> dict[str, Any]:
    data, _ = parse_json_bytes(read_limited(path, _MAX_ENVELOPE_BYTES), str(path))
    envelope_ok = isinstance(data, dict) and data.get("format") == ENVELOPE_FORMAT
    if not (envelope_ok and data.get("version") == ENVELOPE_VERSION):
        raise ProjectFileError(refusal("file.not_autosave", path=str(path)))
    if not isinstance(data.get("plan"), dict):
        raise ProjectFileError(refusal("file.autosave_without_plan", path=str(path)))
    return cast("dict[str, Any]", data)


def _entry(session_id: str, path: Path) -> RecoveryEntry:
    doc_id = path.name[: -len(SUFFIX)]
    try:
        data = _read_envelope(path)
    except ProjectFileError as exc:
        return RecoveryEntry(doc_id, session_id, None, None, "", path, str(exc), cause_of(exc))
    saved_at = None
    raw_saved_at = data.get("saved_at")
    with contextlib.suppress(ValueError):
        saved_at = datetime.fromisoformat(raw_saved_at) if isinstance(raw_saved_at, str) else None
    original = data.get("original_path")
    meta = data["plan"].get("meta")
    name = meta.get("name") if isinstance(meta, dict) else None
    return RecoveryEntry(
        doc_id,
        session_id,
        saved_at,
        Path(original) if isinstance(original, str) and original else None,
        name[:300] if isinstance(name, str) else "",
        path,
    )


def remove_dead_sessions(directory: Path, keep: str = "") -> list[Path]:
    """Remove session folders of ended gpudesk runs that hold no autosave (a lock and staging files at most).

    A folder is removed only when its session lock can be taken (the run ended) and no ``*.autosave`` is
    inside: autosaves wait for the recovery dialog. Each removal is logged; returns what was removed.
    """
    removed: list[Path] = []
    try:
        children = sorted(directory.iterdir())
    except OSError:
        return removed
    for session_dir in children:
        if session_dir.name == keep or not _SAFE_ID.fullmatch(session_dir.name) or not session_dir.is_dir():
            continue
        with _lock_if_dead(session_dir) as dead:
            empty = dead and not any(session_dir.glob("*" + SUFFIX))
        if empty:
            shutil.rmtree(session_dir, ignore_errors=True)
            if not session_dir.exists():
                removed.append(session_dir)
                log.info("removed %s: the folder of an ended gpudesk session with no autosave left", session_dir)
    return removed


class AutosaveStore:
    """Autosaves of one running gpudesk session. Use as a context manager or call :meth:`close`."""

    def __init__(self, directory: str | os.PathLike[str] | None = None) -> None:
        self.directory = Path(directory) if directory is not None else autosave_dir()
        self.directory.mkdir(parents=True, exist_ok=True)
        self.session_id = uuid.uuid4().hex
        self.session_dir = self.directory / self.session_id
        self.session_dir.mkdir()
        self._lock_handle: IO[bytes] | None = open(self.session_dir / LOCK_NAME, "wb+")
        if not _try_lock(self._lock_handle):
            self._lock_handle.close()
            raise ProjectFileError(refusal("file.autosave_locked", path=str(self.session_dir)))
        marker = {"pid": os.getpid(), "started": datetime.now(timezone.utc).isoformat(timespec="seconds")}
        self._lock_handle.write(json.dumps(marker).encode("ascii").ljust(64))
        self._lock_handle.flush()

    @staticmethod
    def new_doc_id() -> str:
        return uuid.uuid4().hex

    def __enter__(self) -> AutosaveStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def closed(self) -> bool:
        return self._lock_handle is None

    def write(self, doc_id: str, project: Project, original_path: str | os.PathLike[str] | None) -> Path:
        """Autosave ``project`` atomically; returns the autosave file.

        Raises ProjectValidationError for an invalid plan and ProjectFileError (an OSError) when writing fails.
        """
        if self._lock_handle is None:
            raise ProjectFileError(refusal("file.autosave_closed"))
        target = self.session_dir / (_check_id(doc_id) + SUFFIX)
        envelope = {
            "format": ENVELOPE_FORMAT,
            "version": ENVELOPE_VERSION,
            "doc_id": doc_id,
            "saved_at": datetime.now(timezone.utc).isoformat(timespec="milliseconds"),
            "original_path": os.fspath(original_path) if original_path is not None else None,
            "plan": plan_dict_for_saving(project),
        }
        raw = json.dumps(envelope, ensure_ascii=False, allow_nan=False).encode("utf-8")
        try:
            atomic_write_bytes(target, raw)
        except OSError as exc:
            raise ProjectFileError(refusal("file.cannot_autosave", path=str(target), why=os_reason(exc))) from None
        return target

    def _other_sessions(self) -> list[Path]:
        try:
            children = sorted(self.directory.iterdir())
        except OSError:
            return []
        return [c for c in children if c.is_dir() and c.name != self.session_id and _SAFE_ID.fullmatch(c.name)]

    def pending(self) -> list[RecoveryEntry]:
        """Autosaves left by sessions that ended without a clean exit, newest first."""
        entries: list[RecoveryEntry] = []
        for session_dir in self._other_sessions():
            with _lock_if_dead(session_dir) as dead:
                if not dead:
                    continue
                files = sorted(session_dir.glob("*" + SUFFIX))
                files = [f for f in files if _SAFE_ID.fullmatch(f.name[: -len(SUFFIX)])]
                entries.extend(_entry(session_dir.name, f) for f in files)
            if dead and not files:
                shutil.rmtree(session_dir, ignore_errors=True)
        oldest = datetime.min.replace(tzinfo=timezone.utc)
        entries.sort(key=lambda e: e.saved_at or oldest, reverse=True)
        return entries

    def recover(self, entry: RecoveryEntry) -> Project:
        """The plan of an autosave, validated like a plan file (raises ProjectFileError/ProjectValidationError)."""
        return project_from_dict(_read_envelope(entry.path)["plan"])

    def discard(self, doc_id: str) -> None:
        """Forget an autosave: this session's, or a pending one from an ended session."""
        name = _check_id(doc_id) + SUFFIX
        with contextlib.suppress(FileNotFoundError):
            (self.session_dir / name).unlink()
        for session_dir in self._other_sessions():
            with _lock_if_dead(session_dir) as dead:
                if not dead:
                    continue
                with contextlib.suppress(FileNotFoundError):
                    (session_dir / name).unlink()
                empty = not any(session_dir.glob("*" + SUFFIX))
            if empty:
                shutil.rmtree(session_dir, ignore_errors=True)

    def close(self) -> None:
        """Clean exit: remove this session's autosaves and lock so nothing is offered for recovery."""
        if self._lock_handle is None:
            return
        handle, self._lock_handle = self._lock_handle, None
        for autosave in self.session_dir.glob("*" + SUFFIX):
            with contextlib.suppress(OSError):
                autosave.unlink()
        handle.close()
        shutil.rmtree(self.session_dir, ignore_errors=True)
