"""Suite-wide fixtures: no test ever touches the user's real data or settings."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# Session-scoped fixtures (a shared Catalog, say) are set up before the per-test home below exists, so the whole
# run gets a home of its own first: a catalog opened by a session fixture reads and writes this one, never the
# user's real user_catalog.db (a test that edited the shared catalog once poisoned the real one).
_SESSION_HOME = tempfile.mkdtemp(prefix="gpudesk-test-home-")
os.environ["GPUDESK_HOME"] = _SESSION_HOME
atexit.register(shutil.rmtree, _SESSION_HOME, True)


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path_factory, monkeypatch):
    home = tmp_path_factory.mktemp("gpudesk-home")
    monkeypatch.setenv("GPUDESK_HOME", str(home))
    yield home
