"""Structural plan commands: add/rename/edit/remove/reorder phases, add/remove workloads.

Each command is one undoable document edit (``replace_project`` for
structure, ``apply``/``set`` for fields); refusals (removing the last
phase …) become a status-bar message, never an exception.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QInputDialog, QLineEdit, QMessageBox

from gpudesk.project.model import Project
from gpudesk.ui.phase_editor import PhaseDialog
from gpudesk.ui.plan_edits import (
    PlanEditError,
    add_phase,
    add_workload,
    move_phase,
    remove_phase,
    remove_workload,
)

if TYPE_CHECKING:
    from gpudesk.ui.main_window import MainWindow


class PlanCommands:
    def __init__(self, window: MainWindow) -> None:
        self.window = window

    def refusal(self, exc: PlanEditError) -> str:
        """Why an edit was refused, in the interface language."""
        w = self.window
        reasons = {
            "no_phase": w.tr("Phase {phase} does not exist (the plan has {count})."),
            "too_many_phases": w.tr("A plan holds at most {limit} phases."),
            "last_phase": w.tr("A plan needs at least one phase."),
            "at_end": w.tr("The phase is already at that end of the plan."),
            "too_many_workloads": w.tr("A phase holds at most {limit} workloads."),
            "no_workload": w.tr("Workload {workload} does not exist in phase {phase}."),
            "last_workload": w.tr("A phase needs at least one workload."),
        }
        template = reasons.get(exc.reason)
        return template.format(**exc.values) if template else str(exc)

    def _structural(self, label: str, edit: Callable[[Project], tuple[Project, int]], workload_edit: bool) -> bool:
        w = self.window
        if w.document is None:
            return False
        try:
            project, index = edit(w.document.project)
        except PlanEditError as exc:
            w.statusBar().showMessage(self.refusal(exc), 8000)
            return False
        if workload_edit:
            w.workload_index = index
        else:
            w.phase_index, w.workload_index = index, 0
        w.document.replace_project(project, label)
        return True

    def add_phase(self) -> bool:
        currency = self.window.settings.get("preferences/default_currency")
        w = self.window
        return self._structural(w.tr("Add phase"), lambda p: add_phase(p, w.phase_index, currency, w.lang), False)

    def remove_phase(self) -> bool:
        w = self.window
        if w.document is None:
            return False
        name = w.document.project.phases[w.phase_index].name
        box = QMessageBox(QMessageBox.Icon.Question, w.tr("Remove phase"),
                          w.tr("Remove phase {0} “{1}” and its workloads? (Undo brings it back.)").format(
                              w.phase_index + 1, name),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, w)
        box.setObjectName("confirm-remove-phase")
        if box.exec() != QMessageBox.StandardButton.Yes:
            return False
        return self._structural(w.tr("Remove phase “{0}”").format(name), lambda p: remove_phase(p, w.phase_index), False)

    def move_phase(self, offset: int) -> bool:
        w = self.window
        label = w.tr("Move phase earlier") if offset < 0 else w.tr("Move phase later")
        return self._structural(label, lambda p: move_phase(p, self.window.phase_index, offset), False)

    def rename_phase(self) -> bool:
        w = self.window
        if w.document is None:
            return False
        path = f"phases[{w.phase_index}].name"
        dialog = QInputDialog(w)
        dialog.setObjectName("rename-phase")
        dialog.setWindowTitle(w.tr("Rename phase"))
        dialog.setLabelText(w.tr("Name of phase {0}:").format(w.phase_index + 1))
        dialog.setTextEchoMode(QLineEdit.EchoMode.Normal)
        dialog.setTextValue(w.document.get(path))
        if dialog.exec() != QInputDialog.DialogCode.Accepted or not dialog.textValue().strip():
            return False
        return w.document.set(path, dialog.textValue().strip()[:200], w.tr("Rename phase"))

    def edit_phase(self) -> PhaseDialog | None:
        w = self.window
        if w.document is None:
            return None
        dialog = PhaseDialog(w.document, w.phase_index, w.lang, w)
        dialog.open()
        return dialog

    def add_workload(self) -> bool:
        w = self.window
        return self._structural(w.tr("Add workload"), lambda p: add_workload(p, w.phase_index, lang=w.lang), True)

    def remove_workload(self) -> bool:
        w = self.window
        return self._structural(w.tr("Remove workload"),
                                lambda p: remove_workload(p, w.phase_index, w.workload_index), True)
