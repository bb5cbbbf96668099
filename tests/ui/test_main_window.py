"""The main window driven like a user: phases and workloads, undo/redo, title, recent files, catalog."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QInputDialog, QLineEdit, QMessageBox
from test_shell_support import SAMPLES, activate, answer_modal, catalog, discard, flush, make_window, settings  # noqa: F401

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)
from gpudesk.project.io import load_project, save_project
from gpudesk.ui.actions import SPECS, ActionId
from gpudesk.ui.phase_editor import PhaseDialog
from gpudesk.wizard.steps import step

ECOMMERCE = next(p for p in SAMPLES if p.name == "ecommerce-recsys.gpudesk")


def names(window) -> list[str]:
    return [p.name for p in window.document.project.phases]


def toolbar_button(window, action_id: ActionId):
    return window.plan_toolbar.widgetForAction(window.actions_[action_id])


def test_every_action_has_a_shortcut_and_a_description(make_window):
    window = make_window()
    shortcuts = []
    for spec in SPECS:
        action = window.actions_[spec.id]
        assert not action.shortcut().isEmpty(), spec.id
        assert action.statusTip(), spec.id
        shortcuts.append(action.shortcut().toString())
    shortcuts += [a.shortcut().toString() for a in window.actions_.step_actions]
    assert len(shortcuts) == len(set(shortcuts)), "shortcuts must be unique"
    for spec in SPECS:
        if spec.toolbar:
            assert toolbar_button(window, spec.id).accessibleName() == spec.description


def test_add_rename_remove_phase_with_clicks_and_keys(qtbot, make_window):
    window = make_window(ECOMMERCE)
    before = names(window)
    qtbot.mouseClick(toolbar_button(window, ActionId.ADD_PHASE), Qt.MouseButton.LeftButton)
    flush()
    assert len(names(window)) == len(before) + 1
    assert window.phase_index == 1 and window.plan_toolbar.phase_combo.currentIndex() == 1
    assert window.isWindowModified() and window.actions_[ActionId.UNDO].text() == "&Undo Add phase"

    def rename(dialog: QInputDialog) -> None:
        line = dialog.findChild(QLineEdit)
        qtbot.keyClick(line, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        qtbot.keyClick(line, Qt.Key.Key_Delete)
        qtbot.keyClicks(line, "Pilot run")
        qtbot.keyClick(line, Qt.Key.Key_Return)

    answer_modal(rename)
    qtbot.keyClick(window, Qt.Key.Key_F2)
    assert names(window)[1] == "Pilot run"
    assert window.plan_toolbar.phase_combo.currentText() == "2. Pilot run"

    answer_modal(lambda box: box.button(QMessageBox.StandardButton.Yes).click())
    qtbot.mouseClick(toolbar_button(window, ActionId.REMOVE_PHASE), Qt.MouseButton.LeftButton)
    flush()
    assert names(window) == before

    activate(qtbot, window)
    focus = window.step_list  # in an input field Ctrl+Z undoes typing in that field, as everywhere in Qt
    focus.setFocus()
    qtbot.keyClick(focus, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert names(window)[1] == "Pilot run"
    assert window.actions_[ActionId.REDO].text() == "&Redo Remove phase “Pilot run”"
    qtbot.keyClick(focus, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(focus, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert names(window) == before
    assert not window.isWindowModified()
    qtbot.keyClick(focus, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert len(names(window)) == len(before) + 1 and window.isWindowModified()


def test_removing_the_last_phase_is_refused_with_a_message(qtbot, make_window):
    window = make_window()
    answer_modal(lambda box: box.button(QMessageBox.StandardButton.Yes).click())
    window.actions_[ActionId.REMOVE_PHASE].trigger()
    assert len(window.document.project.phases) == 1
    assert "at least one phase" in window.statusBar().currentMessage()
    assert not window.document.can_undo


def test_reorder_phases_and_workload_selector_rebinds_pages(qtbot, make_window):
    window = make_window(ECOMMERCE)
    first, second = names(window)
    window.plan_toolbar.phase_combo.setCurrentIndex(1)
    assert window.phase_index == 1 and all(page.phase == 1 for page in window.pages)
    window.step_list.setFocus()
    qtbot.keyClick(window.step_list, Qt.Key.Key_Up,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert names(window) == [second, first] and window.phase_index == 0

    qtbot.mouseClick(toolbar_button(window, ActionId.ADD_WORKLOAD), Qt.MouseButton.LeftButton)
    workloads = window.document.project.phases[0].workloads
    assert window.workload_index == len(workloads) - 1
    assert window.plan_toolbar.workload_combo.count() == len(workloads)
    assert all(page.workload == window.workload_index for page in window.pages)
    window.plan_toolbar.workload_combo.setCurrentIndex(0)
    assert all(page.workload == 0 for page in window.pages)
    window.plan_toolbar.workload_combo.setCurrentIndex(len(workloads) - 1)
    qtbot.mouseClick(toolbar_button(window, ActionId.REMOVE_WORKLOAD), Qt.MouseButton.LeftButton)
    assert len(window.document.project.phases[0].workloads) == len(workloads) - 1


def test_phase_dialog_edits_stage_timing_triggers_as_one_undo_step(qtbot, make_window):
    window = make_window()
    dialog = window.actions_[ActionId.EDIT_PHASE].trigger() or window.findChild(PhaseDialog)
    assert isinstance(dialog, PhaseDialog)
    dialog.stage.setCurrentIndex(dialog.stage.findData("automation"))
    assert "CPU" in dialog.advice.text() and dialog.use_advice.isEnabled()
    qtbot.mouseClick(dialog.use_advice, Qt.MouseButton.LeftButton)
    assert not dialog.use_advice.isEnabled()
    dialog.start.setValue(6)
    dialog.duration.setValue(18)
    dialog.carry.setChecked(False)
    qtbot.mouseClick(dialog.findChildren(type(dialog.use_advice))[1], Qt.MouseButton.LeftButton)  # Add trigger
    dialog.triggers.cellWidget(0, 1).setValue(2_000_000)
    dialog.triggers.cellWidget(0, 2).setValue(4)
    dialog.accept()
    phase = window.document.project.phases[0]
    assert (phase.stage, phase.delivery.mode, phase.start_month, phase.duration_months) == (
        "automation", "agent_platform", 6, 18)
    assert not phase.carry_forward_hardware
    assert [(t.metric, t.threshold, t.add_nodes) for t in phase.triggers] == [("requests_per_day", 2_000_000, 4)]
    assert window.document.undo_label == "Edit phase 1"
    window.document.undo()
    assert window.document.project.phases[0].stage == "production" and not window.document.project.phases[0].triggers


def test_title_shows_file_name_and_unsaved_state(make_window, tmp_path, monkeypatch):
    plan = tmp_path / "ecommerce-recsys.gpudesk"
    plan.write_bytes(ECOMMERCE.read_bytes())
    window = make_window(plan)
    assert window.windowTitle().startswith("ecommerce-recsys.gpudesk")
    assert not window.isWindowModified()
    window.document.set("meta.customer", "ACME", "Set customer")
    assert window.isWindowModified()
    target = tmp_path / "saved.gpudesk"
    monkeypatch.setattr("gpudesk.ui.file_actions.QFileDialog.getSaveFileName", lambda *a, **k: (str(target), ""))
    window.actions_[ActionId.SAVE_AS].trigger()
    assert target.is_file() and not window.isWindowModified()
    assert window.windowTitle().startswith("saved.gpudesk")


def test_recent_files_menu_opens_a_recent_plan(make_window, tmp_path):
    window = make_window()
    copy = tmp_path / "recent-copy.gpudesk"
    copy.write_bytes(ECOMMERCE.read_bytes())
    window.files.open_path(copy)
    window.files.new_document()
    entries = window.actions_.fill_recent()
    assert [Path(a.data()) for a in entries][0] == copy.resolve()
    entries[0].trigger()
    assert window.document.path == copy
    assert window.settings.get("ui/last_folder") == str(tmp_path)


def test_impossible_plan_shows_blockers_not_an_exception(make_window):
    window = make_window()
    document = window.document
    document.apply("Impossible", [
        ("phases[0].workloads[0].kind", "llm_inference"),
        ("phases[0].workloads[0].model_id", "llama-3.1-405b"),
        ("phases[0].hardware.accelerator_id", "rtx-4090"),
        ("phases[0].hardware.gpus_per_node", 1),
        ("phases[0].hardware.nodes", 1),
    ])
    estimate = window.controller.run_now()
    assert estimate is not None, window.controller.last_error
    blockers = [c for c in estimate.phases[0].checks if c.severity == "blocker"]
    assert any("does not fit" in c.title for c in blockers)
    assert all(c.message and c.fix for c in blockers)
    assert "blocked" in window.step_list.status.values()
    assert blockers[0] in window.pages[step(blockers[0].step).number - 1].checks.checks()


def test_catalog_change_re_estimates(qtbot, settings, tmp_path):
    """A price edited in the catalog browser reaches the figures at once. The phase cache used to key on the
    catalog object's identity, so the same object with an edited row returned the old estimate. The window gets
    a catalog of its own: the edit must not reach the catalog other tests share."""
    from gpudesk.catalog.store import Catalog
    from gpudesk.paths import shipped_catalog_path
    from gpudesk.project.autosave import AutosaveStore
    from gpudesk.ui.main_window import MainWindow

    catalog = Catalog.open(shipped_catalog_path(), tmp_path / "user_catalog.db")
    store = AutosaveStore(tmp_path / "autosave")
    window = MainWindow(catalog, lang="en", autosave=store, settings=settings)
    try:
        window.open_plan(ECOMMERCE)
        flush()
        before = window.controller.estimate.phases[0]
        line = before.ledger.line("cloud.instances")
        offer = next(o for o in catalog.cloud_offers() if f"{o.provider} {o.instance}" in line.item)
        catalog.edit_row("cloud_offers", offer.id, {"on_demand_per_hour": offer.on_demand_per_hour * 2})
        window.catalog_changed()
        # on step 1 the costs are made in idle time (the status bar says so meanwhile): read once they are
        qtbot.waitUntil(lambda: window.controller.estimate.phases[0].costs_done, timeout=10_000)
        after = window.controller.estimate.phases[0]
        assert after.ledger.line("cloud.instances").unit_price == pytest.approx(2 * line.unit_price)
        assert after.ledger.phase_total > before.ledger.phase_total
    finally:
        discard(window, store)


def test_a_shipped_sample_opens_as_an_untitled_copy_and_is_never_overwritten(make_window, tmp_path, monkeypatch):
    before = ECOMMERCE.read_bytes()
    window = make_window(ECOMMERCE)
    assert window.document.path is None and not window.isWindowModified()
    window.document.set("meta.customer", "ACME", "Set customer")
    target = tmp_path / "mine.gpudesk"
    asked = []
    monkeypatch.setattr("gpudesk.ui.file_actions.QFileDialog.getSaveFileName",
                        lambda *a, **k: (asked.append(a) or str(target), ""))
    window.actions_[ActionId.SAVE].trigger()  # Ctrl+S asks where: the installation is never written
    assert asked and target.is_file() and window.document.path == target
    assert ECOMMERCE.read_bytes() == before and not ECOMMERCE.with_name(ECOMMERCE.name + ".bak").exists()


def test_saving_over_a_plan_changed_on_disk_asks_first(make_window, tmp_path, monkeypatch):
    plan = tmp_path / "shared.gpudesk"
    plan.write_bytes(ECOMMERCE.read_bytes())
    window = make_window(plan)
    window.document.set("meta.customer", "mine", "Set customer")
    other = load_project(plan).project
    other.meta.customer = "theirs"
    save_project(other, plan)  # another window saved in between
    answers = []

    def cancel(box):
        answers.append(box.text())
        return QMessageBox.StandardButton.Cancel

    monkeypatch.setattr(QMessageBox, "exec", cancel)
    assert not window.files.save()
    assert answers and "changed by another program or window" in answers[0]
    assert load_project(plan).project.meta.customer == "theirs" and window.isWindowModified()

    def overwrite(box):
        next(b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.DestructiveRole).click()
        return 0

    monkeypatch.setattr(QMessageBox, "exec", overwrite)
    assert window.files.save()
    assert load_project(plan).project.meta.customer == "mine" and not window.isWindowModified()
