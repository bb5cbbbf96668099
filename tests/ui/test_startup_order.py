"""Start-up paints the window before it estimates: the estimation core loads after the first paint, and the
chart library (pyqtgraph) with the first page that has a chart (step 1 has none) or shortly after the first results.

The start-up benchmark (benchmarks/bench_startup.py) times this; these tests keep the order from
regressing: a module-level import of the core into the window's import graph, or an estimate inside
``start()``, would put ~50 ms of imports and estimation back in front of the first paint.
"""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QWidget
from test_shell_support import SAMPLES, discard, flush, settings  # noqa: F401

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)
from gpudesk.ui.app import parse_args, start

ROOT = Path(__file__).resolve().parents[2]
DEFERRED = ("pyqtgraph", "gpudesk.plotting.view", "gpudesk.results.pipeline", "gpudesk.results.whatif", "gpudesk.report.proposal", "gpudesk.report.comparison",
            "gpudesk.ui.panels.recommendation", "gpudesk.ui.panels.whatif_panel")


# Notes which modules were loaded when PySide6 was first asked for, then imports the window.
WINDOW_IMPORTS = """
import importlib.abc, inspect, json, sys
before_qt, read = [], []
getsource = inspect.getsource
def note_read(module):  # what PySide6's import hook reads the source of (gpudesk/ui/early_imports.py)
    read.append(getattr(module, "__name__", "?"))
    return getsource(module)
inspect.getsource = note_read
class Watch(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == "PySide6" and not before_qt:
            before_qt.append(set(sys.modules))
sys.meta_path.insert(0, Watch())
import gpudesk.ui.app, gpudesk.ui.main_window
print(json.dumps({"loaded": sorted(sys.modules), "before_qt": sorted(before_qt[0]), "read": read}))
"""
FACES = ("gpudesk.ui", "gpudesk.plotting", "gpudesk.pdf")  # the only modules that import Qt


def test_the_window_modules_do_not_import_the_estimation_core_or_the_dialogs() -> None:
    """Nor do they import a Qt-free module of theirs after PySide6: PySide6's import hook reads the source of
    every module imported after it (gpudesk/ui/early_imports.py), so the window's Qt-free modules come first."""
    done = subprocess.run([sys.executable, "-c", WINDOW_IMPORTS], capture_output=True, text=True, check=True,
                          cwd=ROOT, env=dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT)),
                          timeout=120)
    found = json.loads(done.stdout.strip().splitlines()[-1])
    loaded, before_qt = set(found["loaded"]), set(found["before_qt"])
    assert sorted(m for m in DEFERRED if m in loaded) == []
    late = sorted(m for m in loaded - before_qt if m.startswith("gpudesk") and not m.startswith(FACES))
    assert late == [], f"Qt-free modules the window imports after PySide6 (add them to ui/early_imports.py): {late}"
    assert "numpy" in before_qt  # the plan reader's numpy (gpudesk/untrusted_json.py) too
    # PySide6's hook is told which of gpudesk's and the standard library's modules use Qt instead of reading them
    stdlib = {"inspect", "json", "typing", "pathlib", "dataclasses"}  # ones with a source file (not "sys")
    assert [m for m in found["read"] if m.partition(".")[0] == "gpudesk" or m in stdlib] == []
    assert found["read"], "the hook no longer reads any module: PySide6 changed, see spare_source_reads"


class _FirstResultsPaint(QObject):
    """Application-wide (so ahead of the window's own filters): the search task, if any, when the window's first
    paint with the estimate in it begins."""

    def __init__(self, window: QWidget) -> None:
        super().__init__()
        self.window, self.search_then, self.guide_then = window, [False], [False]

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if watched is self.window and event.type() == QEvent.Type.Paint and self.guide_then == [False]:
            self.guide_then = [self.window.step_guide.shown]  # the Step guide's text when the first paint began
        if (watched is self.window and event.type() == QEvent.Type.Paint and self.search_then == [False]
                and self.window.controller.estimate is not None):
            self.search_then = [self.window.controller._search_task]
        return False


def test_start_shows_the_plan_first_and_estimates_at_the_next_turn(qtbot, settings) -> None:  # noqa: F811
    """And the configuration search starts once the window paints the first estimate: a slice of it run first
    (the search's timer can come before the window's update) put 10-15 ms in front of the first results. The Step
    guide is laid out once, with the estimate's figures, not before the first paint and again with them."""
    started = start(parse_args([str(SAMPLES[0])]), QApplication.instance(), settings)
    window = started.window
    watch = _FirstResultsPaint(window)
    QApplication.instance().installEventFilter(watch)
    laid_out = []
    window.step_guide.browser.setHtml = lambda html, set_html=window.step_guide.browser.setHtml: (
        laid_out.append(window.controller.estimate is not None), set_html(html))
    try:
        assert window.isVisible() and window.document is not None and window.pages is not None
        assert window.controller.estimate is None  # not yet: the window paints first
        qtbot.waitUntil(lambda: window.controller.estimate is not None, timeout=10_000)
        assert window.current_page().figures.figure_model.rowCount() > 0
        qtbot.waitUntil(lambda: window.controller._search_task is not None, timeout=10_000)
        assert watch.search_then == [None]  # the paint of the first results came before the search
        assert watch.guide_then == [None] and window.step_guide.on_screen
        assert laid_out[:1] == [True] and window.step_guide.shown[2], "laid out once, with the figures as links"
    finally:
        QApplication.instance().removeEventFilter(watch)
        discard(window, started.autosave)


def test_a_screenshot_start_estimates_before_it_returns(settings) -> None:  # noqa: F811
    started = start(parse_args([str(SAMPLES[0]), "--screenshot", "unused.png"]), QApplication.instance(), settings)
    window = started.window
    try:
        assert window.controller.estimate is not None
    finally:
        window.close()
        window.deleteLater()
        if started.autosave is not None:
            started.autosave.close()
        flush()


def test_the_collector_pauses_for_the_start_up_and_resumes_after_the_first_results(qtbot, settings) -> None:  # noqa: F811
    """The `gpudesk` command loads the app with the cyclic garbage collector paused (gpudesk.ui.app.pause_collection);
    it runs again from the turn after the first estimate reached the window."""
    from gpudesk.cli.main import load_app
    from gpudesk.ui.app import _resume_collection_after_results, run_app

    started = None
    try:
        assert load_app() is run_app and not gc.isenabled()
        started = start(parse_args([str(SAMPLES[0])]), QApplication.instance(), settings)
        _resume_collection_after_results(started.window)
        assert not gc.isenabled() and started.window.controller.estimate is None
        qtbot.waitUntil(lambda: started.window.controller.estimate is not None, timeout=10_000)
        qtbot.waitUntil(gc.isenabled, timeout=10_000)
    finally:
        gc.unfreeze()  # what the resume froze: this test process collects as before
        gc.enable()
        if started is not None:
            discard(started.window, started.autosave)
