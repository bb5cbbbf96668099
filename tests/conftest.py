"""Suite-wide fixtures: no test ever touches the user's real data or settings."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path_factory, monkeypatch):
    home = tmp_path_factory.mktemp("gpudesk-home")
    monkeypatch.setenv("GPUDESK_HOME", str(home))
    yield home
