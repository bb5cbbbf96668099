"""The list of seven steps, each with its status (complete, warnings, blocked)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from gpudesk.wizard.navigation import BLOCKED, COMPLETE, WARNINGS
from gpudesk.wizard.steps import STEPS

STATUS_MARK = {COMPLETE: "✓", WARNINGS: "⚠", BLOCKED: "⛔"}
STATUS_COLOUR = {COMPLETE: "#1e8449", WARNINGS: "#b9770e", BLOCKED: "#c0392b"}
STEP_LIST_PADDING = 16  # item margins and the focus frame
STEP_LIST_MAX_WIDTH = 300


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
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setWordWrap(True)
        # As wide as the longest title with its status mark, in this language and font (long titles wrap below
        # that): a fixed width wasted a sixth of a 1366-pixel screen in Chinese and cut nothing in English.
        marked = [f"{STATUS_MARK[BLOCKED]}  {step.number}. {step.title(lang)}" for step in STEPS]
        widest = max(self.fontMetrics().horizontalAdvance(text) for text in marked)
        self.setMinimumWidth(min(widest + 2 * self.frameWidth() + STEP_LIST_PADDING, STEP_LIST_MAX_WIDTH))

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
