"""Where tests write screenshots: a temporary folder, or GPUDESK_SCREENSHOTS when a person wants to look.

    GPUDESK_SCREENSHOTS=$PWD/screenshots make test     # keep them (the folder is git-ignored)

A read-only checkout runs the suite untouched: nothing is written into the repository by default.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

_ROOT: Path | None = None


def _root() -> Path:
    global _ROOT
    if _ROOT is None:
        wanted = os.environ.get("GPUDESK_SCREENSHOTS")
        if wanted:
            _ROOT = Path(wanted)
        else:
            _ROOT = Path(tempfile.mkdtemp(prefix="gpudesk-screenshots-"))
            atexit.register(shutil.rmtree, _ROOT, True)
    return _ROOT


def screenshot_folder(name: str) -> Path:
    path = _root() / name
    path.mkdir(parents=True, exist_ok=True)
    return path


def screenshots_kept() -> bool:
    """Whether a person asked for the screenshots (GPUDESK_SCREENSHOTS): a test that only writes a picture for a person
    to look at skips the PNG encoding (about 0.07 CPU s a window) when nobody will."""
    return bool(os.environ.get("GPUDESK_SCREENSHOTS"))
