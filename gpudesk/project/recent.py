"""The recently opened plans, newest first (Qt-free).

Stored as JSON in the user data folder (``gpudesk.paths.user_data_dir()``,
redirected by ``GPUDESK_HOME``). At most :data:`MAX_RECENT` entries; files
that no longer exist are dropped when the list is read; a missing,
corrupt or foreign list file reads as empty and is replaced on the next
change. Writes are atomic.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from gpudesk.paths import user_data_dir
from gpudesk.project.atomic_file import atomic_write_bytes
from gpudesk.project.errors import ProjectFileError
from gpudesk.project.io import read_limited
from gpudesk.project.untrusted_json import parse_json_bytes
from gpudesk.refusals import os_reason, refusal

MAX_RECENT = 10
LIST_FORMAT = "gpudesk-recent"
LIST_VERSION = 1
_MAX_LIST_BYTES = 1_000_000
_MAX_PATH_CHARS = 4096


def default_list_path() -> Path:
    return user_data_dir() / "recent_files.json"


class RecentFiles:
    """Read and update the recent-files list stored at ``list_path``."""

    def __init__(self, list_path: str | os.PathLike[str] | None = None) -> None:
        self.list_path = Path(list_path) if list_path is not None else default_list_path()

    def _stored(self) -> list[Path]:
        try:
            data, _ = parse_json_bytes(read_limited(self.list_path, _MAX_LIST_BYTES), str(self.list_path))
        except ProjectFileError:
            return []
        if not (isinstance(data, dict) and data.get("format") == LIST_FORMAT and isinstance(data.get("files"), list)):
            return []
        paths: list[Path] = []
        for item in data["files"]:
            if isinstance(item, str) and 0 < len(item) <= _MAX_PATH_CHARS and "\x00" not in item:
                try:
                    item.encode("utf-8")
                except UnicodeEncodeError:
                    continue
                path = Path(item)
                if path not in paths:
                    paths.append(path)
        return paths

    def _store(self, paths: list[Path]) -> None:
        body = {"format": LIST_FORMAT, "version": LIST_VERSION, "files": [str(p) for p in paths[:MAX_RECENT]]}
        raw = json.dumps(body, ensure_ascii=False, indent=1).encode("utf-8")
        try:
            atomic_write_bytes(self.list_path, raw)
        except OSError as exc:
            raise ProjectFileError(refusal("file.cannot_update_recent", path=str(self.list_path),
                                           why=os_reason(exc))) from None

    def files(self) -> list[Path]:
        """Recent plans that still exist, newest first (at most MAX_RECENT)."""
        existing = []
        for path in self._stored():
            try:
                if path.is_file():
                    existing.append(path)
            except OSError:
                continue
        return existing[:MAX_RECENT]

    def add(self, path: str | os.PathLike[str]) -> list[Path]:
        """Put ``path`` first (moving it if present); returns the new list."""
        new = Path(os.path.abspath(path))
        paths = [new] + [p for p in self.files() if p != new]
        self._store(paths)
        return paths[:MAX_RECENT]

    def remove(self, path: str | os.PathLike[str]) -> list[Path]:
        gone = Path(os.path.abspath(path))
        paths = [p for p in self.files() if p != gone]
        self._store(paths)
        return paths

    def clear(self) -> None:
        self._store([])
