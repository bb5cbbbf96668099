"""One resolver for shipped resources and per-user locations.

Works from the source tree, an installed wheel and a PyInstaller bundle.
Tests and power users redirect every per-user location with the
``GPUDESK_HOME`` environment variable, so nothing ever touches a real
user's catalog, settings or autosaves by accident.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "gpudesk"


def project_root() -> Path:
    """The folder that holds ``resources/`` and ``catalog.db``."""
    frozen_base = getattr(sys, "_MEIPASS", None)
    if frozen_base:
        return Path(frozen_base)
    return Path(__file__).resolve().parent.parent


def resources_dir() -> Path:
    return project_root() / "resources"


def resource_path(*parts: str) -> Path:
    return resources_dir().joinpath(*parts)


def shipped_catalog_path() -> Path:
    return project_root() / "catalog.db"


def samples_dir() -> Path:
    return resource_path("samples")


def _user_base() -> Path | None:
    home = os.environ.get("GPUDESK_HOME")
    return Path(home) if home else None


def _user_dir(folder: str) -> Path:
    """``GPUDESK_HOME``/``folder`` ("data" or "logs"), else the platform's user data or log folder; made if missing."""
    base = _user_base()
    if base is not None:
        path = base / folder
    else:
        import platformdirs

        platform_dir = platformdirs.user_data_dir if folder == "data" else platformdirs.user_log_dir
        path = Path(platform_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def user_data_dir() -> Path:
    return _user_dir("data")


def user_log_dir() -> Path:
    return _user_dir("logs")


def user_catalog_path() -> Path:
    return user_data_dir() / "user_catalog.db"


def autosave_dir() -> Path:
    path = user_data_dir() / "autosave"
    path.mkdir(parents=True, exist_ok=True)
    return path
