"""Screenshots of step 2 (recommendations) and step 7 (what-if) in the main window (looked at by a person)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QDockWidget, QWidget
from screenshot_paths import screenshot_folder

from gpudesk.catalog.store import Catalog
from gpudesk.project.model import Project, Workload
from gpudesk.ui.fonts import apply_application_font
from gpudesk.ui.main_window import MainWindow
from gpudesk.ui.panels import RecommendationPanel, WhatIfPanel
from gpudesk.wizard.steps import step

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = screenshot_folder("panels")
@pytest.fixture
def window(qtbot, qapp) -> MainWindow:
    apply_application_font(qapp)
    win = MainWindow(Catalog.open(), "en")
    qtbot.addWidget(win)
    win.resize(1600, 1000)
    return win


def _only_explain_dock(win: MainWindow) -> None:
    """Close the other docks (as a user would) so the page shows at the size it has on a 1080p screen."""
    for dock in win.findChildren(QDockWidget):
        if dock.objectName() != "explain-dock":
            dock.hide()


def _save(widget: QWidget, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / name
    assert widget.grab().save(str(path))
    assert path.stat().st_size > 30_000
    return path


def _serving_plan() -> Project:
    project = Project()
    project.meta.name = "Customer-service assistant: Llama 3.1 70B serving"
    phase = project.phases[0]
    phase.name = "Launch"
    phase.workloads[0] = Workload(kind="llm_inference", model_id="llama-3.1-70b", weight_dtype="fp8", kv_dtype="fp8",
                                  requests_per_day=3_000_000, prompt_tokens=1500, output_tokens=300, concurrency=64)
    phase.workloads[0].parallel.tp = 4
    return project


def test_screenshot_step2_recommendations(qtbot, window) -> None:
    window.files.new_document(_serving_plan())
    window.go_to_step(step("gpu").number)
    _only_explain_dock(window)
    window.show()
    qtbot.waitExposed(window)
    panel = window.current_page().decision
    assert isinstance(panel, RecommendationPanel)
    qtbot.waitUntil(lambda: panel.model.rowCount() >= 4, timeout=30_000)  # the search runs in slices after the estimate
    panel.select_accelerator(panel.model.candidate(0).accelerator_id)
    qtbot.wait(50)
    _save(window, "step2-recommendations.png")


def test_screenshot_step7_whatif(qtbot, window, tmp_path) -> None:
    from test_shell_support import priced_manufacturer

    window.files.open_path(priced_manufacturer(tmp_path))  # a priced GPU: all four what-if drivers
    window.go_to_step(step("tco").number)
    _only_explain_dock(window)
    window.show()
    qtbot.waitExposed(window)
    panel = window.current_page().decision
    assert isinstance(panel, WhatIfPanel)
    qtbot.waitUntil(lambda: panel.result is not None, timeout=20_000)  # shares the event loop with the search
    assert panel.model.rowCount() == 4
    qtbot.wait(50)
    _save(window, "step7-whatif.png")
