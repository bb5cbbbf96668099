"""The checks that apply to a step: severity, title; selecting one explains it."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from gpudesk.core.checks import Check
from gpudesk.report.check_text import localise
from gpudesk.ui import status_style as style
from gpudesk.ui.widgets.session_text import session_language

SEVERITY_STYLE = {"blocker": style.BLOCKED, "warning": style.WARNING, "info": style.INFO}
SEVERITY_MARKS = {severity: style.MARKS[kind] for severity, kind in SEVERITY_STYLE.items()}


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
        fix_word = self.tr("Fix")
        for check in self._checks:
            title, message, fix = localise(check, self.lang)
            item = QListWidgetItem(f"{SEVERITY_MARKS.get(check.severity, '')} {title}")
            item.setForeground(style.status_colour(SEVERITY_STYLE.get(check.severity, style.INFO), self.palette()))
            item.setToolTip(f"{message}\n\n{fix_word}: {fix}")
            item.setData(Qt.ItemDataRole.UserRole, check.id)
            self.addItem(item)
        if not self._checks:
            self.addItem(QListWidgetItem(style.MARKS[style.COMPLETE] + " " + self.tr("No warnings for this step")))
        self.blockSignals(False)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A theme change recolours the checks for the new background."""
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange) and self._shown:
            checks, self._shown = self._checks, False
            self.set_checks(checks)

    def checks(self) -> list[Check]:
        return list(self._checks)

    def _emit(self, row: int) -> None:
        if 0 <= row < len(self._checks):
            self.check_selected.emit(self._checks[row])
