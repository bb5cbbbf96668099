"""A real app process is killed with SIGKILL; the next start offers its unsaved edit and restores it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from test_shell_support import SAMPLES, discard, flush

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)
from gpudesk.paths import autosave_dir
from gpudesk.ui.app import make_application, parse_args, start
from gpudesk.ui.settings import AppSettings, open_qsettings

ROOT = Path(__file__).resolve().parents[2]
CUSTOMER = "Customer typed before the crash"
DRIVER = f"""
import sys
import gpudesk.ui
from PySide6.QtCore import QTimer
from gpudesk.paths import autosave_dir
from gpudesk.ui.app import make_application, parse_args, start
from gpudesk.ui.settings import AppSettings, open_qsettings

app = make_application()
settings = AppSettings(open_qsettings())
settings.set("preferences/autosave_interval_s", 1)
started = start(parse_args([sys.argv[1]]), app, settings)
started.window.document.set("meta.customer", {CUSTOMER!r}, "Set customer")

def report():
    if any(autosave_dir().glob("*/*.autosave")):
        print("AUTOSAVED", flush=True)

timer = QTimer()
timer.timeout.connect(report)
timer.start(200)
app.exec()
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX SIGKILL")
def test_next_start_offers_and_restores_the_edit_of_a_killed_app(qtbot, tmp_path):
    plan = tmp_path / "plan.gpudesk"
    plan.write_bytes(next(p for p in SAMPLES if p.name == "ecommerce-recsys.gpudesk").read_bytes())
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-c", DRIVER, str(plan)], env=env, cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        deadline = time.monotonic() + 60
        line = ""
        while "AUTOSAVED" not in line and time.monotonic() < deadline and process.poll() is None:
            line = process.stdout.readline()
        assert "AUTOSAVED" in line, "the app never autosaved"
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        process.stdout.close()
    assert process.returncode == -signal.SIGKILL
    assert any(autosave_dir().glob("*/*.autosave")), "the kill must leave the autosave behind"

    app = make_application()
    started = start(parse_args([str(plan)]), app, AppSettings(open_qsettings()))
    window, store, dialog = started
    try:
        assert dialog is not None and dialog.isVisible()
        assert [e.original_path for e in dialog.entries] == [plan]
        changed = dialog.compare_current()
        assert changed == [("meta.customer", "Online retailer", CUSTOMER)]
        assert dialog.diff.topLevelItemCount() == len(changed)
        qtbot.mouseClick(dialog.restore_button, Qt.MouseButton.LeftButton)
        flush()
        assert window.document.project.meta.customer == CUSTOMER
        assert window.document.path == plan and window.isWindowModified()
        assert window.document.undo_label == "Restore autosave"
        assert store.pending() == []  # restored: the crashed session's autosave is gone
        window.document.undo()
        assert window.document.project.meta.customer == "Online retailer"
    finally:
        discard(window, store)

