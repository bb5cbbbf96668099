from __future__ import annotations

from pathlib import Path

import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.paths import shipped_catalog_path


@pytest.fixture(autouse=True)
def isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every catalog test gets its own GPUDESK_HOME: the real user dir is never touched."""
    home = tmp_path / "home"
    monkeypatch.setenv("GPUDESK_HOME", str(home))
    return home


@pytest.fixture
def catalog(tmp_path: Path) -> Catalog:
    return Catalog.open(shipped_catalog_path(), tmp_path / "user_catalog.db")
