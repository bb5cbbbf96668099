"""Opening and saving ``.gpudesk`` plan files.

``load_project`` never trusts the file: it checks the size before reading
it all, decodes strict UTF-8, parses JSON only (nothing is executed),
bounds the nesting, migrates older layouts in memory and validates every
field. It never writes: a plan from a newer gpudesk is refused and left
byte-identical. ``save_project`` validates first, then replaces the file
atomically and keeps the previous version as ``NAME.gpudesk.bak``
(see ``gpudesk/atomic_files.py``: verified, permissions and symlinks kept).
A :class:`FileStamp` taken when a plan is opened lets ``save_project``
refuse to overwrite a file that changed on disk since (another window,
another program): :class:`FileChangedError`.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from gpudesk._version import __version__
from gpudesk.project.assumed import mark_missing
from gpudesk.project.atomic_file import atomic_write_bytes, backup_path_of
from gpudesk.project.catalog_snapshot import catalog_drift, record_catalog_rows
from gpudesk.project.errors import NewerSchemaError, ProjectFileError, ProjectValidationError
from gpudesk.project.field_shapes import largest_collection
from gpudesk.project.free_text import over_limit
from gpudesk.project.migrations import migrate
from gpudesk.project.model import SCHEMA_VERSION, Project
from gpudesk.project.schema import project_from_dict, project_to_dict
from gpudesk.project.untrusted_json import parse_json_bytes
from gpudesk.refusals import Refusal, os_reason, refusal
from gpudesk.value_description import describe

__all__ = [
    "FILE_EXTENSION",
    "MAX_FILE_BYTES",
    "FileChangedError",
    "FileStamp",
    "LoadedProject",
    "NewerSchemaError",
    "ProjectFileError",
    "ProjectValidationError",
    "backup_path_of",
    "catalog_drift",
    "dumps_project",
    "load_project",
    "loads_project",
    "plan_dict_for_saving",
    "read_limited",
    "record_catalog_rows",
    "save_project",
]

FILE_EXTENSION = ".gpudesk"
MAX_FILE_BYTES = 20 * 1000 * 1000  # 20 MB; a 50-phase plan with a full catalog snapshot is well under 5 MB


@dataclass(frozen=True)
class FileStamp:
    """What a plan file held when it was read or written: its size and a digest of its bytes."""

    size: int
    sha256: str

    @classmethod
    def of_bytes(cls, raw: bytes) -> FileStamp:
        return cls(len(raw), hashlib.sha256(raw).hexdigest())

    @classmethod
    def of_file(cls, path: Path) -> FileStamp | None:
        """The file's stamp now; None when it does not exist (or cannot be read)."""
        try:
            return cls.of_bytes(read_limited(path))
        except ProjectFileError:
            return None


class FileChangedError(ProjectFileError):
    """The file changed on disk since the plan was opened (or last saved); nothing was written."""

    def __init__(self, path: Path, now: FileStamp | None) -> None:
        self.path = path
        super().__init__(refusal("file.deleted" if now is None else "file.changed", path=str(path)))


@dataclass(frozen=True)
class LoadedProject:
    project: Project
    migrated_from: int | None = None  # original schema version when the file had an older layout
    # a Refusal (a text kept over its limit, a byte-order mark, a newer app version): worded in the reader's language
    # and shown on opening (window status bar, CLI stderr); a str: the format conversion, said by the window itself
    warnings: list[str | Refusal] = field(default_factory=list)
    stamp: FileStamp | None = None  # the bytes it was read from (load_project); see save_project(expected=…)


def read_limited(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """Read a whole regular file of at most ``limit`` bytes; the size is checked before reading."""
    path = Path(path)
    try:
        info = path.stat()
    except FileNotFoundError:
        raise ProjectFileError(refusal("file.missing", path=str(path))) from None
    except OSError as exc:
        raise ProjectFileError(refusal("file.cannot_open", path=str(path), why=os_reason(exc))) from None
    if not stat.S_ISREG(info.st_mode):
        raise ProjectFileError(refusal("file.not_regular", path=str(path)))
    if info.st_size > limit:
        raise ProjectFileError(refusal("file.too_large", path=str(path), size=info.st_size, limit=limit))
    try:
        with open(path, "rb") as handle:
            raw = handle.read(limit + 1)  # the file may have grown since stat()
    except OSError as exc:
        raise ProjectFileError(refusal("file.cannot_read", path=str(path), why=os_reason(exc))) from None
    if len(raw) > limit:
        raise ProjectFileError(refusal("file.grew_too_large", path=str(path), limit=limit))
    return raw


def loads_project(raw: bytes, name: str = "the plan") -> LoadedProject:
    """Parse, migrate and validate plan bytes (the body of :func:`load_project`)."""
    data, had_bom = parse_json_bytes(raw, name, max_items=largest_collection(Project))
    if not isinstance(data, dict):
        raise ProjectFileError(refusal("plan.not_object", name=name, got=describe(data)))
    warnings: list[str | Refusal] = []
    if had_bom:
        warnings.append(refusal("plan.byte_order_mark"))
    current, migrated_from = migrate(data)
    if migrated_from is not None:
        warnings.append(
            f"the plan was saved in format {migrated_from} and was converted to format {SCHEMA_VERSION}; "
            f"saving writes format {SCHEMA_VERSION}, which older gpudesk versions cannot open"
        )
    try:
        project = project_from_dict(current)
    except ProjectValidationError as exc:
        if migrated_from is None:
            raise
        raise ProjectValidationError(
            exc.refusals, refusal("plan.converted_note", version=migrated_from)
        ) from None
    mark_missing(project, current)
    warnings += [warning for _path, warning in over_limit(project)]  # kept as written, each named with its limit
    saved_by = data.get("app_version")
    if isinstance(saved_by, str) and saved_by and _version_tuple(saved_by) > _version_tuple(__version__):
        warnings.append(refusal("plan.saved_by_newer", saved_by=saved_by[:40], this=__version__))
    return LoadedProject(project, migrated_from, warnings)


def _version_tuple(text: str) -> tuple[int, ...]:
    parts = []
    for piece in text.split(".")[:4]:
        digits = "".join(ch for ch in piece[:9] if ch in "0123456789")  # not str.isdigit: '²' is a digit there
        parts.append(int(digits) if digits else 0)
    return tuple(parts)


def load_project(path: str | os.PathLike[str]) -> LoadedProject:
    """Open a plan file. Raises :class:`ProjectFileError` or :class:`ProjectValidationError`; never writes."""
    path = Path(path)
    raw = read_limited(path)
    loaded = loads_project(raw, str(path))
    return LoadedProject(loaded.project, loaded.migrated_from, loaded.warnings, FileStamp.of_bytes(raw))


def plan_dict_for_saving(project: Project) -> dict[str, object]:
    """The plan as it is written: current schema and app version, validated (raises ProjectValidationError)."""
    data = project_to_dict(project)
    data["schema_version"] = SCHEMA_VERSION
    data["app_version"] = __version__
    project_from_dict(data)  # nothing is written that gpudesk could not read back
    return data


def dumps_project(project: Project) -> bytes:
    """The bytes of a plan file; validates first so nothing is written that gpudesk could not read back."""
    data = plan_dict_for_saving(project)
    try:
        text = json.dumps(data, ensure_ascii=False, indent=1, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise ProjectValidationError([("", refusal("plan.not_json_writable", text=str(exc)))]) from None
    raw = (text + "\n").encode("utf-8")
    if len(raw) > MAX_FILE_BYTES:
        raise ProjectFileError(refusal("file.save_too_large", size=len(raw), limit=MAX_FILE_BYTES))
    return raw


def save_project(project: Project, path: str | os.PathLike[str], expected: FileStamp | None = None) -> FileStamp:
    """Save atomically; the previous file is kept as ``NAME.gpudesk.bak``. The project is not modified.

    ``expected``: the stamp of the file when it was opened or last saved; when the file on disk no longer
    matches it, nothing is written and :class:`FileChangedError` says so. Returns the stamp of what was
    written (pass it as ``expected`` next time). Raises :class:`ProjectValidationError` for an invalid plan
    and :class:`ProjectFileError` when the file cannot be written (the existing file is then untouched).
    """
    path = Path(path)
    raw = dumps_project(project)
    if expected is not None:
        now = FileStamp.of_file(path)
        if now != expected:
            raise FileChangedError(path, now)
    try:
        atomic_write_bytes(path, raw, keep_backup=True)
    except OSError as exc:
        raise ProjectFileError(refusal("file.cannot_save", path=str(path), why=os_reason(exc))) from None
    return FileStamp.of_bytes(raw)
