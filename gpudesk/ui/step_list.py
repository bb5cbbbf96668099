"""The list of seven steps, each with its status (complete, warnings, blocked)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from gpudesk.wizard.navigation import BLOCKED, COMPLETE, WARNINGS
from gpudesk.wizard.steps import STEPS

STATUS_MARK = {COMPLETE: "✓", WARNINGS: "⚠", BLOCKED: "⛔"}
STATUS_COLOUR = {COMPLETE: "#1e8449", WARNINGS: "#b9770e", BLOCKED: "#c0392b"}


class StepList(QListWidget):
    step_chosen = Signal(int)

    def __init__(self, lang: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.lang = lang
        self.status: dict[int, str] = {}
        for step in STEPS:
            self.addItem(QListWidgetItem(f"{step.number}. {step.title(lang)}"))
        self.currentRowChanged.connect(lambda row: self.step_chosen.emit(row + 1))
        self.setAccessibleName(self.tr("Selection steps"))
        self.setMinimumWidth(270)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setWordWrap(True)

    def set_status(self, status: dict[int, str]) -> None:
        self.status = dict(status)
        for step in STEPS:
            item = self.item(step.number - 1)
            state = status.get(step.number, COMPLETE)
            item.setText(f"{STATUS_MARK[state]}  {step.number}. {step.title(self.lang)}")
            item.setForeground(QColor(STATUS_COLOUR[state]))
            item.setToolTip(self.tr("Status: {0}").format(state))

    def select(self, number: int) -> None:
        if self.currentRow() != number - 1:
            self.setCurrentRow(number - 1)
