"""Screenshots of the shell for review and docs: main window per sample plan, phase dialog, roadmap, preferences."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialogButtonBox
from screenshot_paths import screenshot_folder
from test_shell_support import SAMPLES, catalog, flush, make_window, settings  # noqa: F401

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)
from gpudesk.ui.actions import ActionId
from gpudesk.ui.phase_editor import PhaseDialog
from gpudesk.ui.preferences_dialog import PreferencesDialog
from gpudesk.ui.settings import SETTINGS
from gpudesk.wizard.steps import step

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state

SHOTS = screenshot_folder("shell")
def save(widget, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    flush()
    path = SHOTS / f"{name}.png"
    assert widget.grab().save(str(path))
    assert path.stat().st_size > 10_000
    return path


@pytest.mark.parametrize("plan", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_main_window_on_each_sample(make_window, plan):
    window = make_window(plan)
    window.go_to_step(step("gpu").number)
    assert window.controller.estimate is not None, window.controller.last_error
    save(window, f"main-{plan.stem}")


def test_phase_dialog_and_roadmap(make_window):
    sample = next(p for p in SAMPLES if p.name == "ecommerce-recsys.gpudesk")
    window = make_window(sample)
    window.plan_toolbar.phase_combo.setCurrentIndex(1)
    window.actions_[ActionId.EDIT_PHASE].trigger()
    dialog = window.findChild(PhaseDialog)
    assert dialog.triggers.rowCount() == len(window.document.project.phases[1].triggers) > 0
    save(dialog, "phase-dialog")
    dialog.reject()
    window.roadmap_dock.show()
    save(window.roadmap, "roadmap")


def test_preferences_dialog(qtbot, settings):
    """Every preference (and no remembered window state) has an editor showing its stored value; a fresh
    profile has nothing to fix, so OK is enabled and no problem is shown."""
    dialog = PreferencesDialog(settings)
    qtbot.addWidget(dialog)
    dialog.show()
    preferences = [spec.key for spec in SETTINGS if spec.preference]
    assert list(dialog.editors) == preferences
    assert {key: dialog.value(key) for key in preferences} == {key: settings.get(key) for key in preferences}
    assert dialog.problem.text() == ""
    assert dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    save(dialog, "preferences")
