"""The checks that apply to a step: severity, title; selecting one explains it."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from gpudesk.core.checks import Check
from gpudesk.core.pitfalls_zh import localise
from gpudesk.ui.widgets.session_text import session_language

SEVERITY_COLOURS = {"blocker": QColor("#c0392b"), "warning": QColor("#b9770e"), "info": QColor("#2e86c1")}
SEVERITY_MARKS = {"blocker": "⛔", "warning": "⚠", "info": "ℹ"}


class ChecksView(QListWidget):
    check_selected = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._checks: list[Check] = []
        self._shown = False
        self.lang = session_language()  # check titles and messages in the session language
        self.currentRowChanged.connect(self._emit)
        self.itemClicked.connect(lambda item: self._emit(self.row(item)))
        self.setAccessibleName(self.tr("Checks"))
        self.setWordWrap(True)

    def set_checks(self, checks: list[Check]) -> None:
        if self._shown and [(c.id, c.message) for c in checks] == [(c.id, c.message) for c in self._checks]:
            return
        self._shown = True
        self._checks = list(checks)
        self.blockSignals(True)
        self.clear()
        for check in self._checks:
            title, message, fix = localise(check, self.lang)
            item = QListWidgetItem(f"{SEVERITY_MARKS.get(check.severity, '')} {title}")
            item.setForeground(SEVERITY_COLOURS.get(check.severity, QColor("black")))
            item.setToolTip(f"{message}\n\n{self.tr('Fix')}: {fix}")
            item.setData(Qt.ItemDataRole.UserRole, check.id)
            self.addItem(item)
        if not self._checks:
            self.addItem(QListWidgetItem("✓ " + self.tr("No warnings for this step")))
        self.blockSignals(False)

    def checks(self) -> list[Check]:
        return list(self._checks)

    def _emit(self, row: int) -> None:
        if 0 <= row < len(self._checks):
            self.check_selected.emit(self._checks[row])
