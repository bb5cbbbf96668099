"""Start-up clean-up of what interrupted runs left behind (gpudesk's own files only, by name pattern).

* staging files of interrupted saves (``.NAME.<random>.gpudesk-tmp``, older than
  ``atomic_files.STALE_AFTER_S``) in the folders gpudesk writes plans to: the
  folders of recent plans, the last folder used, the plan being opened, and the
  autosave folders;
* autosave session folders of ended runs that hold no autosave (a stale
  ``session.lock``); folders with autosaves stay for the recovery dialog.

Nothing else is touched. Every removal is logged (``gpudesk.log``), with a
summary line.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable
from pathlib import Path

from gpudesk.atomic_files import clean_stale_staging
from gpudesk.project.autosave import remove_dead_sessions

log = logging.getLogger("gpudesk.cleanup")


def clean_at_startup(autosave_root: Path | None, plan_folders: Iterable[str | os.PathLike[str]],
                     own_session: str = "") -> list[Path]:
    """Remove stale staging files and dead, empty autosave sessions; returns what was removed."""
    removed: list[Path] = []
    folders: list[Path] = []
    for folder in plan_folders:
        path = Path(folder)
        if path not in folders:
            folders.append(path)
    if autosave_root is not None:
        removed += remove_dead_sessions(autosave_root, keep=own_session)
        folders.append(autosave_root)
        try:
            folders += [p for p in autosave_root.iterdir() if p.is_dir() and p.name != own_session]
        except OSError:
            pass
    for folder in folders:
        removed += clean_stale_staging(folder)
    if removed:
        log.info("start-up clean-up removed %d stale file(s) or folder(s) left by interrupted runs", len(removed))
    return removed
