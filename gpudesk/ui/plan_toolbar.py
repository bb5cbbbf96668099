"""The plan toolbar: phase and workload selectors plus the structural plan actions."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QComboBox, QLabel, QSizePolicy, QToolBar, QWidget

from gpudesk.project.model import Project
from gpudesk.ui.plan_edits import workload_title
from gpudesk.ui.widgets.elided_combo import ElidedComboBox
from gpudesk.ui.widgets.session_text import session_language


class PlanToolbar(QToolBar):
    selection_changed = Signal(int, int)  # phase index, workload index

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Plan"))
        self.setObjectName("plan-toolbar")
        # a long phase or workload name on a laptop: shortened with … and said whole in the tool tip, never cut
        self.phase_combo = ElidedComboBox()
        self.phase_combo.setObjectName("phase-combo")
        self.phase_combo.setAccessibleName(self.tr("Phase"))
        self.phase_combo.setToolTip(self.tr("The phase the steps show and edit"))
        self.workload_combo = ElidedComboBox()
        self.workload_combo.setObjectName("workload-combo")
        self.workload_combo.setAccessibleName(self.tr("Workload"))
        self.workload_combo.setToolTip(self.tr("The workload of the phase the steps show and edit"))
        for combo in (self.phase_combo, self.workload_combo):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            combo.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
            combo.currentIndexChanged.connect(self._emit)
        self.addWidget(QLabel(self.tr(" Phase: ")))
        self.addWidget(self.phase_combo)
        self.addSeparator()
        self.phase_actions_anchor = self.addSeparator()
        self.addWidget(QLabel(self.tr(" Workload: ")))
        self.addWidget(self.workload_combo)
        self.workload_actions_anchor = self.addSeparator()

    def add_phase_action(self, action: QAction) -> None:
        self.insertAction(self.phase_actions_anchor, action)
        self._name_button(action)

    def add_workload_action(self, action: QAction) -> None:
        self.insertAction(self.workload_actions_anchor, action)
        self._name_button(action)

    def _name_button(self, action: QAction) -> None:
        button = self.widgetForAction(action)
        if button is not None:
            button.setAccessibleName(action.statusTip() or action.text().replace("&", ""))

    def refresh(self, project: Project, phase: int, workload: int) -> None:
        for combo in (self.phase_combo, self.workload_combo):
            combo.blockSignals(True)
        self.phase_combo.clear()
        self.phase_combo.addItems([f"{i + 1}. {p.name}" for i, p in enumerate(project.phases)])
        self.phase_combo.setCurrentIndex(phase)
        self.workload_combo.clear()
        workloads = project.phases[phase].workloads
        self.workload_combo.addItems([workload_title(w, i, session_language()) for i, w in enumerate(workloads)])
        self.workload_combo.setCurrentIndex(workload)
        for combo in (self.phase_combo, self.workload_combo):
            combo.blockSignals(False)

    def _emit(self) -> None:
        phase = self.phase_combo.currentIndex()
        if phase >= 0:
            workload = self.workload_combo.currentIndex() if self.sender() is self.workload_combo else 0
            self.selection_changed.emit(phase, max(0, workload))
