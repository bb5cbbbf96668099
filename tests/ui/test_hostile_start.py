"""The app starts whatever the user's files hold, says what it had to do, and keeps its own tidy.

An undecodable row in the user catalog is quarantined and named in a non-blocking message (the app used to
stop at start-up); stale staging files of interrupted saves beside recent plans and dead autosave sessions
are removed and logged; the last-resort guard turns a failing estimate into a message with the plan open.
"""

from __future__ import annotations

import os
import sqlite3
import time

from test_shell_support import SAMPLES, catalog, discard, flush, make_window, settings  # noqa: F401 - pytest fixtures

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)
from gpudesk.atomic_files import TEMP_SUFFIX
from gpudesk.catalog.store import Catalog
from gpudesk.logs import log_path
from gpudesk.paths import autosave_dir, shipped_catalog_path, user_catalog_path
from gpudesk.project.recent import RecentFiles
from gpudesk.ui.app import make_application, parse_args, start
from gpudesk.ui.settings import AppSettings, open_qsettings


def _started(plan):
    app = make_application()
    return start(parse_args([str(plan)]), app, AppSettings(open_qsettings()))


def test_an_undecodable_user_row_is_quarantined_and_the_app_starts(tmp_path):
    catalog = Catalog.open(shipped_catalog_path(), user_catalog_path())
    catalog.duplicate_row("accelerators", "l4", "broken-l4")
    catalog.duplicate_row("accelerators", "l4", "fine-l4")
    catalog.close()
    conn = sqlite3.connect(user_catalog_path())
    conn.execute("update accelerators set memory_gb = 'twenty-four' where id = 'broken-l4'")
    conn.commit()
    conn.close()
    plan = tmp_path / "plan.gpudesk"
    plan.write_bytes(SAMPLES[0].read_bytes())
    window, store, _recovery = _started(plan)
    try:
        flush()
        box = window.catalog_recovery_box
        assert box is not None and box.isVisible()
        assert "broken-l4" in box.informativeText() and "quarantine" in box.informativeText()
        assert window.catalog.accelerator("fine-l4").provenance.user_row
    finally:
        discard(window, store)


def test_start_up_removes_stale_staging_files_and_dead_sessions(tmp_path):
    plans = tmp_path / "plans"
    plans.mkdir()
    plan = plans / "plan.gpudesk"
    plan.write_bytes(SAMPLES[0].read_bytes())
    RecentFiles().add(plan)
    stale = plans / f".plan.gpudesk.0123456789ab{TEMP_SUFFIX}"
    stale.write_bytes(b"half a plan")
    os.utime(stale, (time.time() - 7200,) * 2)
    dead = autosave_dir() / ("d" * 32)
    dead.mkdir()
    (dead / "session.lock").write_bytes(b"{}")
    from gpudesk.logs import configure_logging

    configure_logging()
    window, store, _recovery = _started(plan)
    try:
        assert not stale.exists() and not dead.exists() and plan.exists()
        logged = log_path().read_text(encoding="utf-8")
        assert str(stale) in logged and "interrupted save" in logged
    finally:
        discard(window, store)


def test_a_failing_estimate_is_a_message_and_the_plan_stays_open(make_window, monkeypatch):
    import gpudesk.results.pipeline as pipeline

    window = make_window(SAMPLES[0])
    document = window.document
    document.set("meta.customer", "kept", "Set customer")

    def broken(*_args, **_kwargs):
        raise ZeroDivisionError("float division by zero")

    monkeypatch.setattr(pipeline, "estimate_plan", broken)
    assert window.controller.run_now() is None
    assert "internal error while estimating the plan" in window.controller.last_error
    assert "ZeroDivisionError" in window.controller.last_error and "\n" not in window.controller.last_error
    assert window.document is document and document.project.meta.customer == "kept" and document.dirty


def test_the_last_resort_message_reads_in_chinese_in_a_chinese_session(make_window, monkeypatch):
    from PySide6.QtCore import QLocale

    import gpudesk.results.pipeline as pipeline

    window = make_window(SAMPLES[0])

    def broken(*_args, **_kwargs):
        raise ZeroDivisionError("float division by zero")

    monkeypatch.setattr(pipeline, "estimate_plan", broken)
    before = QLocale()
    QLocale.setDefault(QLocale(QLocale.Language.Chinese, QLocale.Country.China))
    try:
        assert window.controller.run_now() is None
    finally:
        QLocale.setDefault(before)
    line = window.controller.last_error
    assert "测算方案时发生内部错误（ZeroDivisionError: float division by zero）；未做任何更改；详情见" in line
    assert str(log_path()) in line and "\n" not in line and "internal error while" not in line
